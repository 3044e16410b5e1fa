import type { MeetingWithPayments } from '../../contract/entities.ts';

const startsAfter = (item: MeetingWithPayments, nowMs: number) => item.meeting.occurrence_epoch * 1000 > nowMs;
const earliestFirst = (a: MeetingWithPayments, b: MeetingWithPayments) => a.meeting.occurrence_epoch - b.meeting.occurrence_epoch;
/** Someone paid (or is scheduled to pay) for it; a seat held during a checkout does not count yet. */
const booked = (item: MeetingWithPayments) => item.payments.some((p) => p.payment_status !== 'canceled');

/** Schedule: upcoming meetings with someone booked, earliest first. */
export function scheduleMeetings(items: MeetingWithPayments[], nowMs = Date.now()): MeetingWithPayments[] {
  return items.filter((i) => startsAfter(i, nowMs) && booked(i)).sort(earliestFirst);
}

/** Availability: upcoming meetings nobody has booked or is booking, earliest first. */
export function availabilityMeetings(items: MeetingWithPayments[], nowMs = Date.now()): MeetingWithPayments[] {
  return items.filter((i) => startsAfter(i, nowMs) && i.meeting.reservations_taken === 0).sort(earliestFirst);
}

/** Work history: meetings that have started and had customers, newest first. */
export function historyMeetings(items: MeetingWithPayments[], nowMs = Date.now()): MeetingWithPayments[] {
  return items
    .filter((i) => !startsAfter(i, nowMs) && booked(i))
    .sort((a, b) => earliestFirst(b, a));
}

/** 'Alex Rivera' → 'Alex R.': a customer as a tutor's lists name them. */
export function shortName(firstname: string, lastname: string): string {
  const initial = lastname.trim().charAt(0);
  return initial ? `${firstname.trim()} ${initial.toUpperCase()}.` : firstname.trim();
}

/** The tutor's first name, from the full name the contract gives. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** Routes that stand for the signed-in session lead home when it is missing or lacks the right. */
export const isAuthFailure = (type: string) => type === 'NoAuth' || type === 'NotAuthorized' || type === 'Unauthorized';
