import type { Meeting, MeetingWithPayments, Payment } from '../../../src/contract/entities.ts';

export const HOUR = 3600;
export const nowEpoch = () => Math.floor(Date.now() / 1000);

let nextId = 100;

/** A meeting starting `hoursFromNow` hours from the real clock (the components read Date.now). */
export function meeting(hoursFromNow: number, extra: Partial<Meeting> = {}): Meeting {
  return {
    id: nextId++,
    occurrence_epoch: nowEpoch() + Math.round(hoursFromNow * HOUR),
    duration_mins: 60,
    notes: '',
    course_style: 'online',
    capacity: 1,
    reservations_taken: 1,
    tutor: { id: 2, name: 'Jordan Alvarez', phone: '2065550102', email: 'jordan@beacontutoring.com' },
    offering: { course: { course_number: 'CS 121', course_name: 'Intro to Programming I' } },
    ...extra,
  };
}

/** An unbooked availability meeting. */
export const openSlot = (hoursFromNow: number, extra: Partial<Meeting> = {}) =>
  meeting(hoursFromNow, { capacity: 0, reservations_taken: 0, course_style: null, offering: null, ...extra });

export const alex = { id: 1, firstname: 'Alex', lastname: 'Rivera', phone: '2065550199', email: 'alex@example.com' };
export const sam = { id: 3, firstname: 'Sam', lastname: 'Lee', phone: '2065550123', email: 'sam@example.com' };

export function payment(m: Meeting, extra: Partial<Payment> = {}): Payment {
  return {
    id: nextId++,
    customer: alex,
    meeting: m,
    is_incremental: false,
    minutes_paid: 60,
    payment_status: 'succeeded',
    subscription: null,
    inserted_at_epoch: m.occurrence_epoch - 7 * 24 * HOUR,
    ...extra,
  };
}

export const item = (m: Meeting, payments: Partial<Payment>[] = [{}]): MeetingWithPayments => ({ meeting: m, payments: payments.map((p) => payment(m, p)) });
