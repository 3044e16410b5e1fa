/**
 * Overtime (spec 2 §5, §9): a meeting raised above 75 minutes is billed for its length rounded to
 * the nearest 30 minutes (76 → 90, 89 → 90, 105 → 120), or whole hour for a session booked with
 * hours of a package; up to 75 minutes nothing extra is billed, and a decrease refunds nothing.
 */
export const BOOKED_MINUTES = 60;
export const OVERTIME_THRESHOLD_MINUTES = 75;
const BILLING_STEP_MINUTES = 30;

/**
 * The extra minutes a meeting of this length is billed for beyond the booked hour. `wholeHours`: a
 * session booked with an hour of a package, whose overtime is rounded to the nearest whole hour
 * ("whole hour for bulk credits": 76 → 0, 90 → 60, 150 → 120).
 */
export function billableOvertimeMinutes(durationMins: number, wholeHours = false): number {
  if (durationMins <= OVERTIME_THRESHOLD_MINUTES) return 0;
  const step = wholeHours ? 60 : BILLING_STEP_MINUTES;
  return Math.round(durationMins / step) * step - BOOKED_MINUTES;
}

/** The price of extra minutes at the customer's hourly price, in cents. */
export function overtimeCents(hourlyCents: number, minutes: number): number {
  return Math.round((hourlyCents * minutes) / 60);
}
