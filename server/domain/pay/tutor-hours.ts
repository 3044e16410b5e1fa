import type { AwaitingSession, HoursWeek, TutorHoursReport, UnsummarisedSession } from '../../../src/contract/entities.ts';
import { addDays, dayInZone } from '../../../src/lib/site-days.ts';
import type { Db } from '../../db/db.ts';
import { toEpoch } from '../../epoch.ts';
import { BOOKED_STATUSES, isBookedMeeting } from '../booking/booked.ts';
import { dayRangeEpochs, type PayPeriod } from './pay-periods.ts';
import { payRateHistory, rateOnDay } from './pay-rates.ts';

/**
 * A tutor's hours and pay for a pay period (GET /api/tutors/{id}/hours). The meetings counted are
 * the team view's (team.ts teamHours): booked, not canceled, starting in the period; confirmed
 * ones have a one-line summary, which is what the tutor is paid for. A meeting held without a
 * summary is listed: its pay waits for one. Each counts its paid time (decision 022): a changed
 * duration counts once a supervisor approves it, and is listed until then.
 */
export async function tutorHoursReport(db: Db, tutorId: number, period: PayPeriod, timeZone: string, nowMs: number): Promise<TutorHoursReport> {
  const { from, to } = dayRangeEpochs(period.first_day, period.last_day, timeZone);
  const [meetings, history] = await Promise.all([
    db
      .selectFrom('meetings as m')
      .leftJoin('offerings as o', 'o.id', 'm.offering_id')
      .leftJoin('courses as c', 'c.id', 'o.course_id')
      .select(['m.id', 'm.occurrence', 'm.duration_mins', 'm.notes', 'm.duration_requested_at', 'c.course_number'])
      .select((eb) => eb.fn.coalesce('m.paid_mins', 'm.duration_mins').as('paid_minutes'))
      .where('m.tutor_id', '=', tutorId)
      .where('m.canceled', '=', false)
      .where('m.occurrence', '>=', new Date(from * 1000))
      .where('m.occurrence', '<=', new Date(to * 1000))
      .where(isBookedMeeting)
      .orderBy('m.occurrence')
      .execute(),
    payRateHistory(db, tutorId),
  ]);

  const weeks: HoursWeek[] = [];
  for (let first = period.first_day; first <= period.last_day; first = addDays(first, 7)) {
    const last = addDays(first, 6) < period.last_day ? addDays(first, 6) : period.last_day;
    weeks.push({ first_day: first, last_day: last, scheduled_minutes: 0, confirmed_minutes: 0 });
  }
  let payCents = 0;
  let unratedMinutes = 0;
  const unsummarisedIds: number[] = [];
  const awaiting: AwaitingSession[] = [];
  for (const meeting of meetings) {
    const day = dayInZone(new Date(meeting.occurrence).getTime(), timeZone);
    const week = weeks.findLast((w) => w.first_day <= day)!;
    const minutes = meeting.paid_minutes;
    week.scheduled_minutes += minutes;
    if (meeting.notes !== '') {
      week.confirmed_minutes += minutes;
      const rate = rateOnDay(history, day);
      if (rate) payCents += Math.round((minutes * rate.hourly_rate_cents) / 60);
      else unratedMinutes += minutes;
    } else if (new Date(meeting.occurrence).getTime() <= nowMs) {
      unsummarisedIds.push(meeting.id);
    }
    if (meeting.duration_requested_at !== null) {
      awaiting.push({ meeting_id: meeting.id, occurrence_epoch: toEpoch(meeting.occurrence), course_number: meeting.course_number ?? '', duration_mins: meeting.duration_mins, paid_minutes: minutes });
    }
  }

  const sum = (pick: (w: HoursWeek) => number) => weeks.reduce((total, w) => total + pick(w), 0);
  // The rates that applied in the period: the one in effect on its first day and any change inside it.
  const rates = history.filter((rate) => rate.effective_day > period.first_day && rate.effective_day <= period.last_day);
  const opening = rateOnDay(history, period.first_day);
  return {
    tutor_id: tutorId,
    first_day: period.first_day,
    last_day: period.last_day,
    from_epoch: from,
    to_epoch: to,
    weeks,
    scheduled_minutes: sum((w) => w.scheduled_minutes),
    confirmed_minutes: sum((w) => w.confirmed_minutes),
    unsummarised: await unsummarisedMeetings(db, meetings, unsummarisedIds),
    awaiting_approval: awaiting,
    pay: history.length === 0 ? null : { cents: payCents, unrated_minutes: unratedMinutes, rates: opening ? [...rates, opening] : rates },
  };
}

/** The held meetings without a summary, with their customers (booked seats only). */
async function unsummarisedMeetings(
  db: Db,
  meetings: { id: number; occurrence: Date; duration_mins: number; course_number: string | null }[],
  ids: number[],
): Promise<UnsummarisedSession[]> {
  if (ids.length === 0) return [];
  const seats = await db
    .selectFrom('payments as p')
    .innerJoin('customers as cu', 'cu.id', 'p.customer_id')
    .select(['p.meeting_id', 'cu.firstname', 'cu.lastname'])
    .where('p.meeting_id', 'in', ids)
    .where('p.is_incremental', '=', false)
    .where('p.payment_status', 'in', BOOKED_STATUSES)
    .orderBy('p.id')
    .execute();
  return meetings
    .filter((m) => ids.includes(m.id))
    .map((m) => ({
      meeting_id: m.id,
      occurrence_epoch: toEpoch(m.occurrence),
      duration_mins: m.duration_mins,
      course_number: m.course_number ?? '',
      customers: seats.filter((s) => s.meeting_id === m.id).map((s) => ({ firstname: s.firstname, lastname: s.lastname })),
    }));
}
