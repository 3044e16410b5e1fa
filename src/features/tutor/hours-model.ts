import type { PayRate, TutorHoursReport } from '../../contract/entities.ts';
import { centsToDollars } from '../../lib/money.ts';
import { addDays } from '../../lib/site-days.ts';

/** A day of the period before or after the report's (YYYY-MM-DD): the server answers the period holding it. */
export const previousPeriodDay = (report: TutorHoursReport) => addDays(report.first_day, -1);
export const nextPeriodDay = (report: TutorHoursReport) => addDays(report.last_day, 1);

/** '$30/h' */
export const rateLabel = (rate: Pick<PayRate, 'hourly_rate_cents'>) => `${centsToDollars(rate.hourly_rate_cents)}/h`;

/** The rates of a period as a sentence: '$30/h', or '$30/h, $32/h from Mon, Dec 1' when one changed inside it. */
export function ratesSentence(rates: PayRate[], formatDay: (day: string) => string): string {
  const ordered = [...rates].sort((a, b) => a.effective_day.localeCompare(b.effective_day));
  return ordered.map((rate, i) => (i === 0 ? rateLabel(rate) : `${rateLabel(rate)} from ${formatDay(rate.effective_day)}`)).join(', ');
}

export const NO_RATE = 'Your hourly rate has not been set yet: a supervisor sets it on the team view.';
export const UNSUMMARISED_HINT = 'Please enter a summary to get paid for this session.';
export const ALL_SUMMARISED = 'Every session held in this period has its summary.';
/** My Hours' note over the sessions whose changed duration awaits approval (decision 022), to the tutor and to a supervisor. */
export const AWAITING_OWN_HINT = 'A duration you change is paid once a supervisor approves it; the hours above count the minutes approved so far.';
export const AWAITING_HINT = 'A changed duration is paid once a supervisor approves it (on the session’s card or in Payroll); the hours above count the minutes approved so far.';
