import { TZDate } from '@date-fns/tz';
import { sql } from 'kysely';
import { site } from '../../src/config/site.ts';
import { onboardingItems } from '../../src/contract/onboarding.ts';
import { now as clockNow } from '../clock.ts';
import { semesterEnd, weeklyOccurrences } from '../domain/booking/availability.ts';
import type { Db } from '../db/db.ts';
import { addPastMeetings } from './past-meetings.ts';

/**
 * Demo data (docs/spec/design.md §5): courses of every subject group at both schools, prices, a supervisor,
 * tutors (one archived), offerings, availability over the coming weeks, a customer with booked
 * meetings and gradebooks, and the weeks before the demo (another customer's paid meetings). Times
 * are relative to `now` (the server's clock, which tests set), so the demo always has upcoming
 * meetings, and past ones.
 * Seed tutor photos are public/tutor_images/1.jpg … 5.jpg, matching the insertion order below.
 */

export const demoAccounts = {
  supervisor: { name: 'Maya Chen', email: 'maya@beacontutoring.com' },
  tutor: { name: 'Jordan Alvarez', email: 'jordan@beacontutoring.com' },
  customer: { name: 'Alex Rivera', email: 'alex@example.com', phone: '2065550199' },
} as const;

/** The advisory lock the seed takes (any number no other lock of the app uses). */
const SEED_LOCK_KEY = 4_005;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

const courses = [
  ['university', 'CS 121', 'Intro to Programming I'],
  ['university', 'CS 122', 'Intro to Programming II'],
  ['university', 'CS 311', 'Data Structures'],
  ['university', 'MATH 124', 'Calculus I'],
  ['university', 'MATH 125', 'Calculus II'],
  ['university', 'MATH 208', 'Linear Algebra'],
  ['university', 'IT 101', 'Networking Fundamentals'],
  ['university', 'PHYS 121', 'Mechanics'],
  ['university', 'PHYS 122', 'Electromagnetism'],
  ['university', 'CHEM 142', 'General Chemistry'],
  ['university', 'ECON 200', 'Microeconomics'],
  ['highschool', 'APCS A', 'AP Computer Science A'],
  ['highschool', 'APCS P', 'AP Computer Science Principles'],
  ['highschool', 'APCALC AB', 'AP Calculus AB'],
  ['highschool', 'APCALC BC', 'AP Calculus BC'],
  ['highschool', 'APSTAT', 'AP Statistics'],
  ['highschool', 'MATH 3', 'Precalculus'],
  ['highschool', 'IT 1', 'Computer Applications'],
  ['highschool', 'PHYS 1', 'AP Physics 1'],
  ['highschool', 'BIO 1', 'Biology'],
] as const;

/** The demo's hour packages: ten hours of each size, cheaper by the hour than one-time sessions (OPENING_PRICES). */
export const DEMO_PACKAGES = [
  { name: '10 one-on-one hours', hours: 10, bonus_hours: 0, capacity: 1, price_cents: 50000, valid_days: 180 },
  { name: '10 group-of-two hours', hours: 10, bonus_hours: 0, capacity: 2, price_cents: 32000, valid_days: 180 },
];

const tutors = [
  ['Maya Chen', 'maya@beacontutoring.com', '2065550101', 'Supervisor',
    'Maya studied computer science and mathematics and has led our tutoring team for four years. She loves turning a confusing proof into three clear steps.'],
  ['Jordan Alvarez', 'jordan@beacontutoring.com', '2065550102', 'Tutor',
    'Jordan is a senior in computer science who has tutored intro programming and data structures since his sophomore year.'],
  ['Priya Natarajan', 'priya@beacontutoring.com', '2065550103', 'Tutor',
    'Priya is a graduate student in applied mathematics. Calculus and linear algebra are her favourite courses to teach.'],
  ['Sam Okafor', 'sam@beacontutoring.com', '2065550104', 'Tutor',
    'Sam studies physics and engineering and helps high school students get ready for AP exams.'],
  ['Lena Fischer', 'lena@beacontutoring.com', '2065550105', 'Archived',
    'Lena tutored chemistry and biology with us before graduating.'],
] as const;

/** [tutor email, course number, qualification] */
const offerings = [
  ['maya@beacontutoring.com', 'CS 311', 'A in CS 311; TA for two quarters'],
  ['maya@beacontutoring.com', 'MATH 208', 'A in MATH 208'],
  ['jordan@beacontutoring.com', 'CS 121', 'A in CS 121 and CS 122'],
  ['jordan@beacontutoring.com', 'CS 122', 'A in CS 122'],
  ['jordan@beacontutoring.com', 'APCS A', '5 on the AP Computer Science A exam'],
  ['jordan@beacontutoring.com', 'IT 101', 'Network+ certified'],
  ['priya@beacontutoring.com', 'MATH 124', 'A in MATH 124'],
  ['priya@beacontutoring.com', 'MATH 125', 'A in MATH 125'],
  ['priya@beacontutoring.com', 'APCALC AB', '5 on the AP Calculus BC exam'],
  ['priya@beacontutoring.com', 'APSTAT', '5 on the AP Statistics exam'],
  // A second CS 121 tutor, so a supervisor can re-assign Jordan's CS 121 meetings (Re-assign…).
  ['priya@beacontutoring.com', 'CS 121', 'A in CS 121; taught the Python labs'],
  ['sam@beacontutoring.com', 'PHYS 121', 'A in PHYS 121'],
  ['sam@beacontutoring.com', 'PHYS 1', '5 on the AP Physics 1 exam'],
  ['sam@beacontutoring.com', 'ECON 200', 'A in ECON 200'],
  ['lena@beacontutoring.com', 'CHEM 142', 'A in CHEM 142'],
] as const;

/** Weekly availability: [tutor email, days from now to the first meeting, hour (UTC)] */
const weeklySlots = [
  ['jordan@beacontutoring.com', 1, 1],
  ['jordan@beacontutoring.com', 3, 23],
  ['priya@beacontutoring.com', 2, 0],
  ['priya@beacontutoring.com', 4, 2],
  ['sam@beacontutoring.com', 2, 22],
  ['maya@beacontutoring.com', 5, 18],
] as const;

/** One-off availability: [tutor email, days from now, hour (UTC)] */
const oneOffMeetings = [
  ['jordan@beacontutoring.com', 2, 19],
  ['jordan@beacontutoring.com', 5, 20],
  ['jordan@beacontutoring.com', 9, 18],
  ['jordan@beacontutoring.com', 11, 19],
  ['jordan@beacontutoring.com', 13, 20],
  ['priya@beacontutoring.com', 3, 20],
  ['priya@beacontutoring.com', 6, 19],
  ['priya@beacontutoring.com', 10, 21],
  ['sam@beacontutoring.com', 4, 21],
  ['sam@beacontutoring.com', 7, 18],
  ['maya@beacontutoring.com', 6, 17],
  ['maya@beacontutoring.com', 12, 17],
] as const;

/**
 * `daysAhead` days after the campus's today, at the campus wall-clock time that `hourUtc` is today
 * (hours below the campus's offset fall on the day before). Days count from the campus's date, not
 * UTC's: in the campus's evening UTC is already on the next day, and the demo's days must be the
 * days its users (and the journeys) see. Weekly series keep their wall-clock time across a
 * daylight-saving change, so a time kept in UTC would meet another tutor's hour after one.
 */
export function atHour(now: Date, daysAhead: number, hourUtc: number): Date {
  const today = new TZDate(now.getTime(), site.timeZone);
  // Minutes after the campus's midnight (getTimezoneOffset is 480 in its winter, UTC-8).
  const wallMinutes = hourUtc * 60 - today.getTimezoneOffset();
  const dayShift = Math.floor(wallMinutes / (24 * 60));
  const minutes = wallMinutes - dayShift * 24 * 60;
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + daysAhead + dayShift, Math.floor(minutes / 60), minutes % 60, site.timeZone).getTime());
}

/** The demo's opening prices (no effective date: in effect before any change a supervisor records); the large data set's too. */
export const OPENING_PRICES = [
  { frequency: 'weekly', capacity: 1, cents: 4500, effective_at: null },
  { frequency: 'weekly', capacity: 2, cents: 3000, effective_at: null },
  { frequency: 'onetime', capacity: 1, cents: 5500, effective_at: null },
  { frequency: 'onetime', capacity: 2, cents: 3500, effective_at: null },
] as const;

/**
 * Seeded bookings were made before the demo began: their confirmations and receipts count as sent.
 * Not their cancellation or refund, which have not happened: a seeded meeting skipped or canceled
 * during the demo is told (and its refund receipted) like any other.
 */
export const TOLD = { notified_booking: true, notified_receipt: true } as const;

/** Seeds an empty database; does nothing when courses already exist. Returns whether it seeded. */
export async function seedDemoData(db: Db, now: Date = clockNow()): Promise<boolean> {
  // Always leave the demo some weeks of availability, even once the configured semester is over.
  const lastDay = new Date(Math.max(semesterEnd().getTime(), now.getTime() + 10 * 7 * DAY));

  return db.transaction().execute(async (trx) => {
    // Several instances started at once on one empty database (behind a load balancer): the first
    // to take the lock seeds, the others wait for its commit and then find the courses. Without it
    // each saw an empty table and all but one stopped on the courses' unique key.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`.execute(trx);
    const existing = await trx.selectFrom('courses').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const courseRows = await trx
      .insertInto('courses')
      .values(courses.map(([school, course_number, course_name]) => ({ school, course_number, course_name })))
      .returning(['id', 'course_number'])
      .execute();
    const courseId = (number: string) => courseRows.find((c) => c.course_number === number)!.id;

    await trx
      .insertInto('prices')
      .values(OPENING_PRICES)
      .execute();
    await trx
      .insertInto('packages')
      .values(DEMO_PACKAGES.map((p) => ({ ...p, created_by: null, created_at: now })))
      .execute();

    const tutorRows: { id: number; email: string }[] = [];
    for (const [name, email, phone, role, background] of tutors) {
      // One at a time, so ids follow the list and match the seed photos.
      tutorRows.push(
        await trx.insertInto('tutors').values({ name, email, phone, role, background }).returning(['id', 'email']).executeTakeFirstOrThrow(),
      );
    }
    const tutorId = (email: string) => tutorRows.find((t) => t.email === email)!.id;
    // The team was onboarded before the demo starts: every item ticked by Maya a month ago.
    await trx
      .insertInto('tutor_onboarding')
      .values(
        tutorRows.flatMap((t) =>
          onboardingItems.map(({ key }) => ({ tutor_id: t.id, item: key, done_by: tutorId(demoAccounts.supervisor.email), done_at: new Date(now.getTime() - 30 * DAY) })),
        ),
      )
      .execute();

    const offeringRows = await trx
      .insertInto('offerings')
      .values(
        offerings.map(([email, number, qualification]) => ({
          tutor_id: tutorId(email),
          course_id: courseId(number),
          qualification,
          archived: email === 'lena@beacontutoring.com',
        })),
      )
      .returning(['id', 'tutor_id', 'course_id'])
      .execute();
    const offeringId = (email: string, number: string) =>
      offeringRows.find((o) => o.tutor_id === tutorId(email) && o.course_id === courseId(number))!.id;

    async function addSlot(email: string, anchor: Date) {
      const slot = await trx
        .insertInto('slots')
        .values({ tutor_id: tutorId(email), anchor, duration_mins: 60, last_day: lastDay })
        .returning('id')
        .executeTakeFirstOrThrow();
      const meetings = await trx
        .insertInto('meetings')
        .values(weeklyOccurrences(anchor, lastDay).map((occurrence) => ({ tutor_id: tutorId(email), slot_id: slot.id, occurrence })))
        .returning(['id', 'occurrence'])
        .execute();
      return { slotId: slot.id, meetings };
    }

    for (const [email, days, hour] of weeklySlots) await addSlot(email, atHour(now, days, hour));
    await trx
      .insertInto('meetings')
      .values(oneOffMeetings.map(([email, days, hour]) => ({ tutor_id: tutorId(email), occurrence: atHour(now, days, hour) })))
      .execute();

    // The demo customer: a weekly one-on-one CS 121 subscription that started three weeks ago,
    // and a one-time group-of-two MATH 124 meeting next week.
    const customer = await trx
      .insertInto('customers')
      .values({
        firstname: 'Alex',
        lastname: 'Rivera',
        email: demoAccounts.customer.email,
        phone: demoAccounts.customer.phone,
        provider_customer_id: 'cus_demo_alex',
        payment_method_id: 'pm_demo_visa_4242',
        payment_method_label: 'Visa ending in 4242',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const cs121 = offeringId('jordan@beacontutoring.com', 'CS 121');
    const weekly = await addSlot('jordan@beacontutoring.com', atHour(now, -20, 2));
    await trx
      .updateTable('meetings')
      .set({ offering_id: cs121, course_style: 'in-person', capacity: 1, reservations_taken: 1 })
      .where('slot_id', '=', weekly.slotId)
      .execute();
    const subscription = await trx
      .insertInto('subscriptions')
      .values({ customer_id: customer.id, slot_id: weekly.slotId, offering_id: cs121, course_style: 'in-person', capacity: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('reservations')
      .values(weekly.meetings.map((m) => ({ meeting_id: m.id, customer_id: customer.id, subscription_id: subscription.id, status: 'confirmed' as const, expires_at: null })))
      .execute();
    const nowMs = now.getTime();
    const paymentRows = weekly.meetings.map((m, index) => {
      const past = new Date(m.occurrence).getTime() < nowMs;
      const isNext = !past && weekly.meetings.findIndex((x) => new Date(x.occurrence).getTime() >= nowMs) === index;
      return {
        customer_id: customer.id,
        meeting_id: m.id,
        subscription_id: subscription.id,
        minutes_paid: 60,
        amount_cents: 4500,
        payment_status: past || isNext ? ('succeeded' as const) : ('subscription_pending' as const),
        provider: 'offline',
        // A scheduled week has not been sent to the provider yet: no intent (as fulfilment writes it).
        provider_intent_id: past || isNext ? `pi_demo_weekly_${m.id}` : null,
      };
    });
    // The second past meeting ran 30 minutes over: an incremental (overtime) payment.
    const overtimeMeeting = weekly.meetings[1]!;
    await trx.updateTable('meetings').set({ duration_mins: 90, notes: 'Recursion and tracing call stacks' }).where('id', '=', overtimeMeeting.id).execute();
    await trx.updateTable('meetings').set({ notes: 'Loops, arrays and the first project' }).where('id', '=', weekly.meetings[0]!.id).execute();
    paymentRows.push({
      ...paymentRows[1]!,
      is_incremental: true,
      minutes_paid: 30,
      amount_cents: 2250,
      payment_status: 'succeeded',
      provider_intent_id: `pi_demo_overtime_${overtimeMeeting.id}`,
    } as (typeof paymentRows)[number]);
    // A scheduled week's receipt is owed when the weekly job charges it during the demo.
    await trx.insertInto('payments').values(paymentRows.map((row) => ({ ...row, ...TOLD, notified_receipt: row.payment_status === 'succeeded' }))).execute();

    const math124 = offeringId('priya@beacontutoring.com', 'MATH 124');
    const oneTime = await trx
      .insertInto('meetings')
      .values({
        tutor_id: tutorId('priya@beacontutoring.com'),
        occurrence: atHour(now, 8, 1),
        offering_id: math124,
        course_style: 'online',
        capacity: 2,
        reservations_taken: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('reservations').values({ meeting_id: oneTime.id, customer_id: customer.id, subscription_id: null, status: 'confirmed', expires_at: null }).execute();
    await trx
      .insertInto('payments')
      .values({
        customer_id: customer.id,
        meeting_id: oneTime.id,
        minutes_paid: 60,
        amount_cents: 3500,
        payment_status: 'succeeded',
        provider: 'offline',
        provider_intent_id: `pi_demo_onetime_${oneTime.id}`,
        ...TOLD,
      })
      .execute();

    // The weeks before the demo: Jamie's meetings with Priya and Sam's open hours (past-meetings.ts).
    await addPastMeetings(trx, {
      at: (daysAhead, hourUtc) => atHour(now, daysAhead, hourUtc),
      priya: { tutorId: tutorId('priya@beacontutoring.com'), offeringId: offeringId('priya@beacontutoring.com', 'MATH 125') },
      sam: { tutorId: tutorId('sam@beacontutoring.com'), offeringId: offeringId('sam@beacontutoring.com', 'PHYS 121') },
      supervisorId: tutorId(demoAccounts.supervisor.email),
    });

    // CS 121's gradebook is set up and has grades; MATH 124's is new, so it shows onboarding.
    const gradebook = await trx
      .insertInto('gradebooks')
      .values({ customer_id: customer.id, course_id: courseId('CS 121') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('gradebooks').values({ customer_id: customer.id, course_id: courseId('MATH 124') }).execute();
    const categories = await trx
      .insertInto('grade_categories')
      .values([
        { gradebook_id: gradebook.id, name: 'Homework', weight_percent: 40, drops: 1 },
        { gradebook_id: gradebook.id, name: 'Midterm', weight_percent: 25, drops: 0 },
        { gradebook_id: gradebook.id, name: 'Final', weight_percent: 35, drops: 0 },
      ])
      .returning(['id', 'name'])
      .execute();
    const homework = categories.find((c) => c.name === 'Homework')!.id;
    const midterm = categories.find((c) => c.name === 'Midterm')!.id;
    const grade = (name: string, category: number, earned: number, total: number, daysAgo: number) => ({
      gradebook_id: gradebook.id,
      category_id: category,
      name,
      points_recieved_hundreths: earned * 100,
      points_total_hundreths: total * 100,
      due_date: new Date(nowMs - daysAgo * DAY),
      entered_at: new Date(nowMs - daysAgo * DAY + 2 * HOUR),
    });
    await trx
      .insertInto('grades')
      .values([
        grade('Homework 1', homework, 18, 20, 18),
        grade('Homework 2', homework, 12, 20, 11),
        grade('Homework 3', homework, 19, 20, 4),
        grade('Midterm', midterm, 41, 50, 6),
      ])
      .execute();
    return true;
  });
}
