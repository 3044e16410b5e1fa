/**
 * Limits the server's rules and the screens share (no schema library here: the screens import this
 * without zod).
 */

/**
 * The longest a session may be recorded as lasting: the booked hour and two extra. Longer durations
 * pass the form (an old client's 600) and are refused by the rule (DurationTooLong,
 * server/domain/meeting-rules.ts).
 */
export const MAX_DURATION_MINUTES = 180;
