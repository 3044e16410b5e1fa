import type { Report } from '../../../src/contract/entities.ts';

const week = (first_day: string, last_day: string, figures: Partial<Report['weeks'][number]> = {}) => ({
  first_day,
  last_day,
  charged_cents: 0,
  refunded_cents: 0,
  refund_pending_cents: 0,
  scheduled_cents: 0,
  failed_cents: 0,
  offered_minutes: 0,
  booked_minutes: 0,
  ...figures,
});

/** November 2026 as the Reports screen reads it: two weeks with figures, a course named by someone hostile. */
export const november: Report = {
  first_day: '2026-11-01',
  last_day: '2026-11-30',
  time_zone: 'America/Los_Angeles',
  weeks: [
    week('2026-11-01', '2026-11-01'),
    week('2026-11-02', '2026-11-08', { charged_cents: 123450, refunded_cents: 5500, refund_pending_cents: 5500, offered_minutes: 600, booked_minutes: 450 }),
    week('2026-11-09', '2026-11-15', { charged_cents: 9000, scheduled_cents: 4500, failed_cents: 2250, offered_minutes: 120, booked_minutes: 0 }),
    week('2026-11-16', '2026-11-22'),
    week('2026-11-23', '2026-11-29'),
    week('2026-11-30', '2026-11-30'),
  ],
  totals: { charged_cents: 132450, refunded_cents: 5500, refund_pending_cents: 5500, scheduled_cents: 4500, failed_cents: 2250, offered_minutes: 720, booked_minutes: 450 },
  courses: [
    { course_id: 1, course_number: 'CS 121', course_name: 'Intro to Programming I', sessions: 6, minutes: 390 },
    { course_id: 9, course_number: 'HACK 1', course_name: '=HYPERLINK("http://x.test","Click")', sessions: 1, minutes: 60 },
  ],
  customers: { new: 2, returning: 3 },
  packages: { sold: { count: 2, hours: 22, cents: 82000 }, used: { hours: 5, cents: 21500 }, expired: { hours: 1, cents: 4545 }, refunded_cents: 35000, owed: { hours: 14, cents: 41000 } },
  guarantee: { claims: 2, approved: 1, declined: 1, refunded_cents: 60500, guaranteed_courses: 125, refund_rate: 0.008 },
};

export const emptyMonth: Report = {
  ...november,
  weeks: november.weeks.map((w) => week(w.first_day, w.last_day)),
  totals: { charged_cents: 0, refunded_cents: 0, refund_pending_cents: 0, scheduled_cents: 0, failed_cents: 0, offered_minutes: 0, booked_minutes: 0 },
  courses: [],
  customers: { new: 0, returning: 0 },
  packages: { sold: { count: 0, hours: 0, cents: 0 }, used: { hours: 0, cents: 0 }, expired: { hours: 0, cents: 0 }, refunded_cents: 0, owed: { hours: 0, cents: 0 } },
  guarantee: { claims: 0, approved: 0, declined: 0, refunded_cents: 0, guaranteed_courses: 0, refund_rate: null },
};
