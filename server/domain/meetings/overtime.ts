/**
 * Overtime (spec 2 §5, §9): a meeting raised above 75 minutes is billed for its length rounded to
 * the nearest 30 minutes (76 → 90, 89 → 90, 105 → 120); up to 75 minutes nothing extra is billed,
 * and a decrease refunds nothing.
 */
export const BOOKED_MINUTES = 60;
export const OVERTIME_THRESHOLD_MINUTES = 75;
const BILLING_STEP_MINUTES = 30;

/** The extra minutes a meeting of this length is billed for beyond the booked hour. */
export function billableOvertimeMinutes(durationMins: number): number {
  if (durationMins <= OVERTIME_THRESHOLD_MINUTES) return 0;
  return Math.round(durationMins / BILLING_STEP_MINUTES) * BILLING_STEP_MINUTES - BOOKED_MINUTES;
}

/** The price of extra minutes at the customer's hourly price, in cents. */
export function overtimeCents(hourlyCents: number, minutes: number): number {
  return Math.round((hourlyCents * minutes) / 60);
}
