/** Minutes → hours with one decimal ("1.5"). */
export const formatHours = (minutes: number) => (minutes / 60).toFixed(1);

export const SCHEDULED_HELP = 'Scheduled hours: booked sessions that start in the selected period.';
export const CONFIRMED_HELP = 'Confirmed hours: the scheduled sessions that have a summary, which is what the tutor is paid for.';

/**
 * A rate typed in dollars ("30", "$42.50", "42.5") → whole cents, or null when it is not an amount
 * with at most two decimals.
 */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
