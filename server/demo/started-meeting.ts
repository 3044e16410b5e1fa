import { sql } from 'kysely';
import { now as clockNow } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { findOverlap } from '../domain/booking/availability.ts';
import { demoAccounts, TOLD } from './seed.ts';

const MINUTE = 60_000;

/**
 * Gives the demo tutor a meeting with the demo student whose booked hour ended shortly before the
 * server started (it began 65 to 120 minutes before), so overtime can be entered by hand (and by a
 * journey) without touching any clock: overtime is entered from the booked hour's end until 48 hours
 * after (server/domain/meetings/meeting-rules.ts). Runs at every demo start; keeps a booked meeting that began
 * in that window. Free availability in the way gives way; another booked meeting never does.
 */
export async function addStartedDemoMeeting(db: Db, now: Date = clockNow()): Promise<number | undefined> {
  const latest = Math.floor((now.getTime() - 65 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  const earliest = now.getTime() - 120 * MINUTE;
  return db.transaction().execute(async (trx) => {
    const tutor = await trx.selectFrom('tutors').select('id').where('email', '=', demoAccounts.tutor.email).forNoKeyUpdate().executeTakeFirst();
    const customer = await trx.selectFrom('customers').select('id').where('email', '=', demoAccounts.customer.email).executeTakeFirst();
    const offering = tutor && (await trx.selectFrom('offerings as o').innerJoin('courses as c', 'c.id', 'o.course_id').select('o.id').where('o.tutor_id', '=', tutor.id).where('c.course_number', '=', 'CS 122').executeTakeFirst());
    if (!tutor || !customer || !offering) return undefined;
    const recent = await trx
      .selectFrom('meetings')
      .select('id')
      .where('tutor_id', '=', tutor.id)
      .where('canceled', '=', false)
      .where('reservations_taken', '>', 0)
      .where('occurrence', '>=', new Date(earliest))
      .where('occurrence', '<=', new Date(now.getTime() - 60 * MINUTE))
      .executeTakeFirst();
    if (recent) return recent.id;

    let start: Date | undefined;
    for (let time = latest; time >= earliest && !start; time -= 5 * MINUTE) {
      const overlap = await findOverlap(trx, tutor.id, [{ start: new Date(time), minutes: 60 }]);
      const blocking = overlap && (await trx.selectFrom('meetings').select('id').where('id', '=', Number(overlap.id)).where('reservations_taken', '>', 0).executeTakeFirst());
      if (!blocking) start = new Date(time);
    }
    if (!start) return undefined;
    // Unbooked availability in that hour gives way to the meeting.
    const end = new Date(start.getTime() + 60 * MINUTE);
    await trx
      .updateTable('meetings')
      .set({ canceled: true })
      .where('tutor_id', '=', tutor.id)
      .where('reservations_taken', '=', 0)
      .where('canceled', '=', false)
      .where('occurrence', '>', new Date(start.getTime() - 24 * 60 * MINUTE))
      .where('occurrence', '<', end)
      .where(sql<boolean>`occurrence + make_interval(mins => duration_mins) > ${start}`)
      .execute();

    const meeting = await trx
      .insertInto('meetings')
      .values({ tutor_id: tutor.id, occurrence: start, offering_id: offering.id, course_style: 'online', capacity: 1, reservations_taken: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('reservations').values({ meeting_id: meeting.id, customer_id: customer.id, subscription_id: null, status: 'confirmed', expires_at: null }).execute();
    await trx
      .insertInto('payments')
      // Booked before the demo started: its confirmation and receipt count as sent.
      .values({ customer_id: customer.id, meeting_id: meeting.id, minutes_paid: 60, amount_cents: 5500, payment_status: 'succeeded', provider: 'offline', provider_intent_id: `pi_demo_started_${meeting.id}`, ...TOLD })
      .execute();
    return meeting.id;
  });
}
