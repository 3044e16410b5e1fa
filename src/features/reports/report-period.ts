import { REPORT_MAX_DAYS } from '../../contract/limits.ts';
import { mondayOf, monthOf } from '../../lib/calendar-weeks.ts';
import { addDays, daysBetween } from '../../lib/site-days.ts';

/**
 * The Reports screen's period: a preset counted from today (in the site's zone) or chosen days,
 * kept in the address (`?period=last-month`, `?period=custom&from=…&to=…`) so that a reload or Back
 * shows the same one. A preset stays a preset: 'last month' reloaded next month is that month's.
 */
export const PRESETS = [
  { value: 'this-week', label: 'This week' },
  { value: 'last-week', label: 'Last week' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom' },
] as const;

export type PeriodPreset = (typeof PRESETS)[number]['value'];
export type PeriodChoice = { preset: Exclude<PeriodPreset, 'custom'> } | { preset: 'custom'; from: string; to: string };
export interface Days {
  from: string;
  to: string;
}

/** What the screen opens on. */
export const DEFAULT_CHOICE: PeriodChoice = { preset: 'this-month' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The days of a choice; `today` is YYYY-MM-DD in the site's zone. Weeks run Monday to Sunday. */
export function periodDays(choice: PeriodChoice, today: string): Days {
  switch (choice.preset) {
    case 'this-week':
      return { from: mondayOf(today), to: addDays(mondayOf(today), 6) };
    case 'last-week':
      return { from: addDays(mondayOf(today), -7), to: addDays(mondayOf(today), -1) };
    case 'this-month': {
      const month = monthOf(today);
      return { from: month.first, to: month.last };
    }
    case 'last-month': {
      const month = monthOf(addDays(monthOf(today).first, -1));
      return { from: month.first, to: month.last };
    }
    case 'custom':
      return { from: choice.from, to: choice.to };
  }
}

/** Why a custom period cannot be shown, in words; null when it can. */
export function periodProblem({ from, to }: Days): string | null {
  if (!isDay(from) || !isDay(to)) return 'Enter both dates, From and To.';
  const days = daysBetween(from, to);
  if (days < 1) return 'From must be on or before To.';
  if (days > REPORT_MAX_DAYS) return 'Choose at most a year (366 days).';
  return null;
}

/** The choice an address's query keeps; the default for one without or with a wrong one. */
export function choiceFromSearch(search: string): PeriodChoice {
  const params = new URLSearchParams(search);
  const preset = params.get('period');
  if (preset === 'custom') {
    // Kept as typed (even in the wrong order), so the page shows what was chosen and says why not.
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return DATE.test(from) && DATE.test(to) ? { preset: 'custom', from, to } : DEFAULT_CHOICE;
  }
  const known = PRESETS.find((p) => p.value === preset && p.value !== 'custom');
  return known ? { preset: known.value as Exclude<PeriodPreset, 'custom'> } : DEFAULT_CHOICE;
}

/** The query that keeps a choice. */
export function choiceSearch(choice: PeriodChoice): string {
  const params = new URLSearchParams({ period: choice.preset });
  if (choice.preset === 'custom') {
    params.set('from', choice.from);
    params.set('to', choice.to);
  }
  return `?${params.toString()}`;
}
