import type { Offering } from '../../../src/contract/entities.ts';
import type { Appointment } from '../../../src/features/booking/booking-machine.ts';

/** What step 3's tests book: Jordan's CS 121, three days ahead (a component test: the browser's clock is only the start's base). */
export const offering: Offering = {
  id: 4,
  qualification: 'A in CS 121',
  archived: false,
  course: { id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I', school: 'university' },
  tutor: { id: 2, name: 'Jordan Alvarez', background: 'bio', role: 'Tutor' },
};
const start = Math.floor(Date.now() / 1000) + 3 * 24 * 3600;
export const oneTime: Appointment = { key: 'meeting-9', frequency: 'onetime', meetingId: 9, slotId: null, startEpoch: start, durationMins: 60, offering };
export const weekly: Appointment = { key: 'slot-3', frequency: 'weekly', meetingId: 10, slotId: 3, startEpoch: start, durationMins: 60, offering };
export const selection = { school: 'university' as const, courseId: '1', capacity: 1 as const, frequency: 'onetime' as const, style: 'online' as const };
