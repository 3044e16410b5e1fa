import { TZDate } from '@date-fns/tz';
import { sql } from 'kysely';
import { site } from '../../src/config/site.ts';
import { now as clockNow } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { seededRandom } from './seeded-random.ts';
import { OPENING_PRICES } from './seed.ts';
import { HOLD_MINUTES } from '../domain/booking/holds.ts';
import { currentPriceSql } from '../domain/billing/prices.ts';

/**
 * Options of the large data set; every one has a default, so `seedLargeDataSet(db)` builds a
 * semester for 200 tutors. The same options (and `now`) always give the same rows.
 */
export interface LargeDataOptions {
  /** Tutors added (default 200); one in 40 is Archived. */
  tutors?: number;
  /** Courses added (default 50), alternately at the university and the high school. */
  courses?: number;
  /** Tutors offering each course, on average (default 20): each tutor offers `courses × tutorsPerCourse / tutors` courses (5). */
  tutorsPerCourse?: number;
  /** Weekly one-hour slots per tutor (default 10, at most 84), between 9:00 and 21:00 in the site's zone. */
  slotsPerTutor?: number;
  /** One-off hours per tutor per week (default 2, at most 7), at 8:00 or 21:00 in the site's zone. */
  oneOffsPerWeek?: number;
  /** How many weeks the slots run (default 16, a semester; 52 for a year). */
  weeks?: number;
  /** How many of those weeks are over at `now` (default a quarter of `weeks`, rounded down). */
  weeksPast?: number;
  /** Customers added (default 10 per tutor). */
  customers?: number;
  /** Share of weekly slots that a subscription took (default 0.4). */
  bookedSlotShare?: number;
  /** Share of one-off hours that were booked (default 0.4). */
  bookedOneOffShare?: number;
  /** Seed of the pseudo-random choices (default 1). */
  seed?: number;
  /** The moment the data is built around (default: the server's clock). */
  now?: Date;
}

/** What was added, and how long it took. */
export interface LargeDataSummary {
  /** The set's courses, in id order (the demo's courses are not among them). */
  courseIds: number[];
  tutors: number;
  offerings: number;
  slots: number;
  meetings: number;
  customers: number;
  subscriptions: number;
  reservations: number;
  payments: number;
  ms: number;
}

/** The addresses of the set's tutors and customers (numbered from 1). */
export const LARGE_TUTOR_EMAIL = (n: number) => `ld.tutor${n}@beacontutoring.com`;
const LARGE_CUSTOMER_EMAIL = (n: number) => `ld.customer${n}@example.com`;

/** A checkout in progress has this long left on its hold; an expired hold ran out this long ago. */
const HOLD_LEFT_MS = 10 * 60_000;
const HOLD_EXPIRED_MS = 5 * 60_000;
const DAY_MS = 24 * 3600_000;

const subjects = [
  ['BIO', 'Biology'], ['CHEM', 'Chemistry'], ['CS', 'Computer Science'], ['ECON', 'Economics'], ['ENGL', 'English Composition'],
  ['HIST', 'History'], ['MATH', 'Mathematics'], ['PHYS', 'Physics'], ['PSYCH', 'Psychology'], ['STAT', 'Statistics'],
  ['SPAN', 'Spanish'], ['GEOG', 'Geography'],
] as const;
const firstNames = ['Ava', 'Ben', 'Chloe', 'Diego', 'Emma', 'Farah', 'Gabe', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lucia', 'Mateo', 'Nora', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Theo', 'Uma', 'Vik', 'Wen', 'Yara', 'Zane'];
const lastNames = ['Abbott', 'Baker', 'Castillo', 'Dubois', 'Evans', 'Flores', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kim', 'Lopez', 'Moreau', 'Nguyen', 'Olsen', 'Patel', 'Rossi', 'Sato', 'Tran', 'Weber'];
const summaries = ['Worked through the problem set', 'Reviewed for the midterm', 'Went over last week\'s quiz', 'Practice problems and a short recap', 'Lab report structure and data analysis'];


/** The Monday (YYYY-MM-DD) of the week holding `date` in the site's zone, `weeksBack` weeks earlier. */
function localMonday(date: Date, weeksBack: number, timeZone: string): string {
  const local = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  const [y, m, d] = local.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - (sinceMonday + 7 * weeksBack) * DAY_MS).toISOString().slice(0, 10);
}

const json = (rows: unknown) => sql`cast(${JSON.stringify(rows)} as jsonb)`;
const ts = (date: Date) => sql`cast(${date} as timestamptz)`;
const int = (n: number) => sql.lit(Math.trunc(n));

type Booking = 'paid' | 'held' | 'expired';

/**
 * Adds a large data set to a migrated database, on top of the demo data or alone, for benchmarks
 * and query plans (docs/decisions/008-availability-search.md):
 *
 * ```ts
 * await seedDemoData(db);
 * const { courseIds } = await seedLargeDataSet(db, { weeks: 52 }); // a year instead of a semester
 * ```
 *
 * With the defaults (see `LargeDataOptions`): 200 tutors (5 archived), 50 courses with about 20
 * tutors each (1,000 offerings, 5 % archived), 2,000 slots and 16 weeks of their meetings (32,000)
 * plus 6,400 one-off hours, a quarter of the weeks over. About 40 % of the slots and hours are
 * booked, paid by 2,000 customers with a card on file: one-on-one, group-of-two with one or two
 * students, and a few checkouts holding seats, live or with a hold that ran out and is not released
 * yet. One in 20 future one-on-one weekly weeks was skipped; 2 % of the free one-off hours were
 * withdrawn (canceled). Rows agree as the booking code leaves them: reservations_taken counts the
 * seats not released, a paid subscription's weeks are `succeeded` up to the next one and
 * `subscription_pending` after, a checkout is `requires_payment_method`; weekly meetings keep their
 * wall-clock time in the site's zone (`weeklyOccurrences`), and no tutor's meetings overlap.
 * Confirmations and receipts count as sent and past meetings have their summary, but a server
 * started on it sends the next day's reminders and charges the weeks falling due, as it would.
 *
 * Written with a few set-based statements (`insert … select generate_series`, `jsonb_to_recordset`
 * for the choices made here) in one transaction, then vacuumed and analyzed: a semester takes about
 * 3 s on PGlite and 2 s on PostgreSQL, a year about 8 s on either. The same options and `now` give
 * the same rows; a second call on the same database throws.
 */
export async function seedLargeDataSet(db: Db, options: LargeDataOptions = {}): Promise<LargeDataSummary> {
  const started = performance.now();
  const tutorCount = options.tutors ?? 200;
  const courseCount = options.courses ?? 50;
  const perTutor = Math.max(1, Math.min(courseCount, Math.round((courseCount * (options.tutorsPerCourse ?? 20)) / tutorCount)));
  const slotsPerTutor = Math.min(84, options.slotsPerTutor ?? 10);
  const oneOffsPerWeek = Math.min(7, options.oneOffsPerWeek ?? 2);
  const weeks = options.weeks ?? 16;
  const weeksPast = Math.min(weeks, options.weeksPast ?? Math.floor(weeks / 4));
  const customerCount = options.customers ?? tutorCount * 10;
  const bookedSlotShare = options.bookedSlotShare ?? 0.4;
  const bookedOneOffShare = options.bookedOneOffShare ?? 0.4;
  const now = options.now ?? clockNow();
  const rand = seededRandom(options.seed ?? 1);
  const tz = site.timeZone;
  const week0 = localMonday(now, weeksPast, tz);
  // Subscriptions began before their first week; paid one-off meetings were booked days ahead.
  const subscribedAt = new Date(new Date(`${week0}T00:00:00Z`).getTime() - 3 * DAY_MS);
  const heldAt = new Date(now.getTime() - (HOLD_MINUTES * 60_000 - HOLD_LEFT_MS));
  const expiredAt = new Date(now.getTime() - (HOLD_MINUTES * 60_000 + HOLD_EXPIRED_MS));
  const heldExpires = new Date(now.getTime() + HOLD_LEFT_MS);
  const expiredExpires = new Date(now.getTime() - HOLD_EXPIRED_MS);

  const already = await db.selectFrom('tutors').select('id').where('email', '=', LARGE_TUTOR_EMAIL(1)).executeTakeFirst();
  if (already) throw new Error('The large data set is already in this database');

  const courseIds = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('prices')
      .values(OPENING_PRICES)
      // The demo's opening prices, when it is there, stay (one opening price each: migration 017).
      .onConflict((oc) => oc.doNothing())
      .execute();

    const courseRows = await trx
      .insertInto('courses')
      .values(
        Array.from({ length: courseCount }, (_, i) => {
          const [code, name] = subjects[i % subjects.length]!;
          return { school: i % 2 === 0 ? 'university' : 'highschool', course_number: `${code} ${400 + i}`, course_name: `Topics in ${name} ${Math.floor(i / subjects.length) + 1}` };
        }),
      )
      .returning(['id', 'course_number'])
      .execute();

    const tutorRows = await trx
      .insertInto('tutors')
      .values(
        Array.from({ length: tutorCount }, (_, i) => {
          const name = `${rand.pick(firstNames)} ${rand.pick(lastNames)}`;
          return {
            name,
            email: LARGE_TUTOR_EMAIL(i + 1),
            phone: `425${String(i + 1).padStart(7, '0')}`,
            role: i % 40 === 39 ? ('Archived' as const) : ('Tutor' as const),
            background: `${name.split(' ')[0]} is a ${rand.pick(['junior', 'senior', 'graduate student'])} who has tutored for ${1 + rand.int(4)} years and likes to start each session from the questions the student brings.`,
          };
        }),
      )
      .returning(['id', 'role'])
      .execute();
    const firstTutor = Math.min(...tutorRows.map((t) => t.id));

    const offeringValues = tutorRows.flatMap((tutor) => {
      const chosen = new Set<number>();
      while (chosen.size < perTutor) chosen.add(rand.int(courseRows.length));
      return [...chosen].map((index) => ({
        tutor_id: tutor.id,
        course_id: courseRows[index]!.id,
        qualification: `A in ${courseRows[index]!.course_number}`,
        archived: rand.next() < 0.05,
      }));
    });
    const offeringRows = await trx.insertInto('offerings').values(offeringValues).returning(['id', 'tutor_id', 'archived']).execute();
    const offeringsOf = new Map<number, number[]>();
    for (const o of offeringRows) if (!o.archived) offeringsOf.set(o.tutor_id, [...(offeringsOf.get(o.tutor_id) ?? []), o.id]);

    // Slots at distinct (weekday, hour) pairs between 9:00 and 21:00, so a tutor's meetings never
    // overlap; one-off hours are at 8:00 or 21:00, outside every slot's hours, one a day at most.
    const slotValues = tutorRows.flatMap((tutor) => {
      const pairs = Array.from({ length: 84 }, (_, k) => ({ day: k % 7, hour: 9 + Math.floor(k / 7) }));
      for (let k = pairs.length - 1; k > 0; k--) {
        const j = rand.int(k + 1);
        [pairs[k], pairs[j]] = [pairs[j]!, pairs[k]!];
      }
      return pairs.slice(0, slotsPerTutor).map(({ day, hour }) => ({ tutor_id: tutor.id, day, hour }));
    });
    const slotRows = await sql<{ id: number; tutor_id: number }>`
      insert into slots (tutor_id, anchor, duration_mins, last_day)
      select x.tutor_id, ((cast(${week0} as date) + x.day) + make_interval(hours => x.hour)) at time zone ${tz}, 60,
             cast(cast(${week0} as date) + ${int(weeks * 7)} as timestamp) at time zone ${tz}
      from jsonb_to_recordset(${json(slotValues)}) as x(tutor_id int, day int, hour int)
      order by x.tutor_id, x.day, x.hour
      returning id, tutor_id
    `.execute(trx);

    const customerRows = await trx
      .insertInto('customers')
      .values(
        Array.from({ length: customerCount }, (_, i) => ({
          firstname: rand.pick(firstNames),
          lastname: rand.pick(lastNames),
          email: LARGE_CUSTOMER_EMAIL(i + 1),
          phone: `303${String(i + 1).padStart(7, '0')}`,
          provider_customer_id: `cus_ld_${i + 1}`,
          payment_method_id: 'pm_card_visa',
          payment_method_label: 'Visa ending in 4242',
        })),
      )
      .returning('id')
      .execute();
    const customerIds = customerRows.map((c) => c.id);
    const students = (seats: number): number[] => {
      const chosen = new Set<number>();
      while (chosen.size < seats) chosen.add(rand.pick(customerIds));
      return [...chosen];
    };
    const bookable = new Map<number, number[]>();
    for (const tutor of tutorRows) {
      const offerings = offeringRows.filter((o) => o.tutor_id === tutor.id && !o.archived).map((o) => o.id);
      if (tutor.role !== 'Archived' && offerings.length > 0) bookable.set(tutor.id, offerings);
    }

    /** A booking: paid (one or two students), or a checkout holding the seat (live, or its hold ran out). */
    function chooseBooking(share: number, tutorId: number) {
      const offerings = bookable.get(tutorId);
      const r = rand.next() / share;
      if (!offerings || r >= 1) return undefined;
      const [state, capacity, seats]: [Booking, number, number] =
        r < 0.65 ? ['paid', 1, 1] : r < 0.85 ? ['paid', 2, 1] : r < 0.97 ? ['paid', 2, 2] : [r < 0.985 ? 'held' : 'expired', rand.next() < 0.7 ? 1 : 2, 1];
      return { state, capacity, seats, offering_id: rand.pick(offerings), course_style: rand.next() < 0.55 ? 'in-person' : 'online', customers: students(seats) };
    }

    // Weekly bookings: one subscription per student, written before the meetings so that each
    // meeting is written once, already booked. A paid subscription took every week; a checkout
    // takes the weeks still to come.
    const slotBookings = slotRows.rows.flatMap((slot) => {
      const booking = chooseBooking(bookedSlotShare, slot.tutor_id);
      return booking ? [{ slot_id: slot.id, ...booking }] : [];
    });
    const subscriptionRows = slotBookings.flatMap(({ customers, ...b }) => customers.map((customer_id) => ({ ...b, customer_id })));
    await sql`
      insert into subscriptions (customer_id, slot_id, offering_id, course_style, capacity, status, created_at)
      select x.customer_id, x.slot_id, x.offering_id, x.course_style, x.capacity, 'active', case when x.state = 'paid' then ${ts(subscribedAt)} else ${ts(now)} end
      from jsonb_to_recordset(${json(subscriptionRows)}) as x(customer_id int, slot_id int, offering_id int, course_style text, capacity int, state text)
    `.execute(trx);

    // Every week of each slot until its last day, at the anchor's wall-clock time (as
    // weeklyOccurrences). One in 20 one-on-one weeks more than 8 days away (not charged yet) was
    // skipped: unbooked again, its seat released and its scheduled charge canceled
    // (student-changes.ts, seats.ts). Tutors wrote the summary of booked meetings that are over.
    await sql`
      insert into meetings (tutor_id, slot_id, occurrence, duration_mins, offering_id, course_style, capacity, reservations_taken, notes)
      select s.tutor_id, s.id, w.occurrence, s.duration_mins,
             case when seat.taken then x.offering_id end, case when seat.taken then x.course_style end,
             case when seat.taken then x.capacity else 0 end, case when seat.taken then x.seats else 0 end,
             case when seat.taken and w.occurrence < ${ts(now)} then (array[${sql.join(summaries.map((text) => sql.lit(text)))}])[1 + (s.id + w.k) % ${int(summaries.length)}] else '' end
      from slots s
      cross join lateral (
        select k, ((s.anchor at time zone ${tz}) + make_interval(weeks => k)) at time zone ${tz} as occurrence
        from generate_series(0, ${int(weeks)}) as k
      ) w
      left join jsonb_to_recordset(${json(slotBookings)}) as x(slot_id int, offering_id int, course_style text, capacity int, seats int, state text)
        on x.slot_id = s.id
      cross join lateral (
        select x.slot_id is not null and (x.state = 'paid' or w.occurrence > ${ts(now)})
           and not (x.state = 'paid' and x.capacity = 1 and w.occurrence > ${ts(new Date(now.getTime() + 8 * DAY_MS))} and (s.id * 7 + w.k) % 20 = 0) as taken
      ) seat
      where s.tutor_id >= ${int(firstTutor)} and w.occurrence <= s.last_day
      order by s.id, w.occurrence
    `.execute(trx);
    // The subscriptions' seats: a paid one's (released in a skipped week), a checkout's (held).
    const subscriptionSeats = sql`
      from subscriptions sub
      join jsonb_to_recordset(${json(subscriptionRows)}) as x(customer_id int, slot_id int, capacity int, state text)
        on sub.slot_id = x.slot_id and sub.customer_id = x.customer_id
      join meetings m on m.slot_id = x.slot_id and (x.state = 'paid' or m.occurrence > ${ts(now)})
    `;
    await sql`
      insert into reservations (meeting_id, customer_id, subscription_id, status, expires_at, created_at)
      select m.id, x.customer_id, sub.id,
             case when x.state <> 'paid' then 'held' when m.reservations_taken = 0 then 'released' else 'confirmed' end,
             case x.state when 'held' then ${ts(heldExpires)} when 'expired' then ${ts(expiredExpires)} end,
             sub.created_at
      ${subscriptionSeats}
    `.execute(trx);
    // A paid subscription: its first week by the booking's checkout, the weeks over and the next
    // one charged, later ones scheduled (fulfilment.ts), a skipped one canceled; a checkout in
    // progress: its first week only. Messages about them count as sent, as for the demo's bookings.
    await sql`
      insert into payments (customer_id, meeting_id, subscription_id, minutes_paid, amount_cents, payment_status, provider,
                            provider_intent_id, client_secret, checkout, inserted_at,
                            notified_booking, notified_receipt, notified_refund, notified_cancel)
      select b.customer_id, b.meeting_id, b.subscription_id, 60, p.cents,
             case when b.state <> 'paid' then 'requires_payment_method' when b.skipped then 'canceled'
                  when b.upcoming_week <= 1 then 'succeeded' else 'subscription_pending' end,
             'offline',
             case when b.state <> 'paid' or b.upcoming_week <= 1 then 'pi_ld_w' || b.meeting_id || '_' || b.customer_id end,
             case when b.state <> 'paid' then 'pi_ld_w' || b.meeting_id || '_' || b.customer_id || '_secret' end,
             case when b.week = 1 then 'card_entry' end,
             case b.state when 'held' then ${ts(heldAt)} when 'expired' then ${ts(expiredAt)} else b.created_at end,
             true, true, true, true
      from (
        select m.id as meeting_id, x.customer_id, sub.id as subscription_id, x.capacity, x.state, sub.created_at,
               m.reservations_taken = 0 as skipped,
               row_number() over (partition by sub.id order by m.occurrence) as week,
               case when m.occurrence <= ${ts(now)} then 0 else row_number() over (partition by sub.id, m.occurrence > ${ts(now)} order by m.occurrence) end as upcoming_week
        ${subscriptionSeats}
      ) b
      cross join ${currentPriceSql(sql`'weekly'`, sql`b.capacity`, now)} p
      where b.state = 'paid' or b.week = 1
    `.execute(trx);

    // One-off hours, booked as they are written (a checkout only for an hour still to come); some
    // unbooked ones were withdrawn (canceled).
    const nowMs = now.getTime();
    const oneOffs: { tutor_id: number; occurrence: string; offering_id: number | null; course_style: string | null; capacity: number; seats: number; state: Booking | null; customers: number[]; canceled: boolean; notes: string }[] = [];
    const [y0, m0, d0] = week0.split('-').map(Number) as [number, number, number];
    for (let w = 0; w < weeks; w++) {
      tutorRows.forEach((tutor, t) => {
        for (let k = 0; k < oneOffsPerWeek; k++) {
          const start = new TZDate(y0, m0 - 1, d0 + w * 7 + ((t + w + k * 3) % 7), k % 2 === 0 ? 8 : 21, 0, 0, tz).getTime();
          let booking = chooseBooking(bookedOneOffShare, tutor.id);
          if (booking && booking.state !== 'paid' && start <= nowMs) booking = { ...booking, state: 'paid' };
          oneOffs.push({
            tutor_id: tutor.id,
            occurrence: new Date(start).toISOString(),
            offering_id: booking?.offering_id ?? null,
            course_style: booking?.course_style ?? null,
            capacity: booking?.capacity ?? 0,
            seats: booking?.seats ?? 0,
            state: booking?.state ?? null,
            customers: booking?.customers ?? [],
            canceled: !booking && rand.next() < 0.02,
            notes: booking && start < nowMs ? rand.pick(summaries) : '',
          });
        }
      });
    }
    await sql`
      insert into meetings (tutor_id, occurrence, duration_mins, offering_id, course_style, capacity, reservations_taken, canceled, notes)
      select x.tutor_id, x.occurrence, 60, x.offering_id, x.course_style, x.capacity, x.seats, x.canceled, x.notes
      from jsonb_to_recordset(${json(oneOffs.map(({ customers: _, state: __, ...row }) => row))})
        as x(tutor_id int, occurrence timestamptz, offering_id int, course_style text, capacity int, seats int, canceled boolean, notes text)
    `.execute(trx);
    const oneOffSeats = sql`
      from jsonb_to_recordset(${json(oneOffs.filter((o) => o.state).flatMap(({ customers, ...o }) => customers.map((customer_id) => ({ ...o, customer_id }))))})
        as x(tutor_id int, occurrence timestamptz, capacity int, state text, customer_id int)
      join meetings m on m.tutor_id = x.tutor_id and m.occurrence = x.occurrence and m.slot_id is null
    `;
    await sql`
      insert into reservations (meeting_id, customer_id, subscription_id, status, expires_at, created_at)
      select m.id, x.customer_id, null, case when x.state = 'paid' then 'confirmed' else 'held' end,
             case x.state when 'held' then ${ts(heldExpires)} when 'expired' then ${ts(expiredExpires)} end,
             case x.state when 'held' then ${ts(heldAt)} when 'expired' then ${ts(expiredAt)} else least(m.occurrence - interval '2 days', ${ts(now)}) end
      ${oneOffSeats}
    `.execute(trx);
    await sql`
      insert into payments (customer_id, meeting_id, subscription_id, minutes_paid, amount_cents, payment_status, provider,
                            provider_intent_id, client_secret, checkout, inserted_at,
                            notified_booking, notified_receipt, notified_refund, notified_cancel)
      select x.customer_id, m.id, null, 60, p.cents,
             case when x.state = 'paid' then 'succeeded' else 'requires_payment_method' end,
             'offline', 'pi_ld_o' || m.id || '_' || x.customer_id,
             case when x.state <> 'paid' then 'pi_ld_o' || m.id || '_' || x.customer_id || '_secret' end,
             'card_entry', r.created_at, true, true, true, true
      ${oneOffSeats}
      join reservations r on r.meeting_id = m.id and r.customer_id = x.customer_id
      cross join ${currentPriceSql(sql`'onetime'`, sql`x.capacity`, now)} p
    `.execute(trx);
    return courseRows.map((c) => c.id).sort((a, b) => a - b);
  });

  // As autovacuum would leave them: statistics for the planner, and the visibility map that
  // index-only scans read.
  for (const table of ['courses', 'tutors', 'offerings', 'customers', 'slots', 'meetings', 'subscriptions', 'reservations', 'payments']) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
  return { courseIds, ...(await countLargeData(db)), ms: Math.round(performance.now() - started) };
}

async function countLargeData(db: Db): Promise<Omit<LargeDataSummary, 'ms' | 'courseIds'>> {
  const firstTutor = (await db.selectFrom('tutors').select('id').where('email', '=', LARGE_TUTOR_EMAIL(1)).executeTakeFirstOrThrow()).id;
  const { rows } = await sql<Omit<LargeDataSummary, 'ms' | 'courseIds'>>`
    select
      (select count(*)::int from tutors where id >= ${firstTutor}) as tutors,
      (select count(*)::int from offerings where tutor_id >= ${firstTutor}) as offerings,
      (select count(*)::int from slots where tutor_id >= ${firstTutor}) as slots,
      (select count(*)::int from meetings where tutor_id >= ${firstTutor}) as meetings,
      (select count(*)::int from customers where email like 'ld.customer%') as customers,
      (select count(*)::int from subscriptions s join slots sl on sl.id = s.slot_id where sl.tutor_id >= ${firstTutor}) as subscriptions,
      (select count(*)::int from reservations r join meetings m on m.id = r.meeting_id where m.tutor_id >= ${firstTutor}) as reservations,
      (select count(*)::int from payments p join meetings m on m.id = p.meeting_id where m.tutor_id >= ${firstTutor}) as payments
  `.execute(db);
  return rows[0]!;
}
