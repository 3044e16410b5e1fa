import type { Kysely, Transaction } from 'kysely';
import type { PayRate } from '../../../src/contract/entities.ts';
import { addDays } from '../../../src/lib/site-days.ts';
import { now } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { toEpoch } from '../../epoch.ts';
import { Refusal } from '../refusal.ts';

/**
 * Tutors' hourly rates (migration 020), set by supervisors with the day each takes effect. Rows are
 * only added, so the history is kept; the rate of a day is the latest change on or before it.
 *
 * What a dishonest supervisor could do with it is bounded here: nobody sets their own rate, and
 * no change reaches back before the current pay period, so a period's pay cannot be raised after
 * its meetings were worked and reported (issue 25's paid periods freeze them in full).
 */

type Reader = Kysely<Database> | Transaction<Database>;

/** How far ahead a change may be entered. */
const MAX_DAYS_AHEAD = 366;

function ratesQuery(db: Reader) {
  return db
    .selectFrom('tutor_pay_rates as r')
    .innerJoin('tutors as t', 't.id', 'r.entered_by')
    .select(['r.id', 'r.hourly_rate_cents', 'r.effective_day', 'r.entered_at', 't.id as entered_by_id', 't.name as entered_by_name']);
}

const toPayRate = (row: { id: number; hourly_rate_cents: number; effective_day: string; entered_at: Date; entered_by_id: number; entered_by_name: string }): PayRate => ({
  id: row.id,
  hourly_rate_cents: row.hourly_rate_cents,
  effective_day: row.effective_day,
  entered_by: { id: row.entered_by_id, name: row.entered_by_name },
  entered_epoch: toEpoch(row.entered_at),
});

/** A tutor's rate changes, the one taking effect last first (of two on one day, the later entry first). */
export async function payRateHistory(db: Reader, tutorId: number): Promise<PayRate[]> {
  const rows = await ratesQuery(db).where('r.tutor_id', '=', tutorId).orderBy('r.effective_day', 'desc').orderBy('r.id', 'desc').execute();
  return rows.map(toPayRate);
}

/** The rate in effect on `day` among `history` (payRateHistory's order), or undefined before the first. */
export const rateOnDay = (history: PayRate[], day: string): PayRate | undefined => history.find((rate) => rate.effective_day <= day);

export interface PayRateChange {
  tutorId: number;
  hourlyRateCents: number;
  effectiveDay: string;
  /** The supervisor entering it. */
  enteredBy: number;
  /** Today in the site's zone, and the current pay period's first day. */
  today: string;
  periodFirstDay: string;
}

export async function setPayRate(db: Reader, change: PayRateChange): Promise<PayRate> {
  if (change.tutorId === change.enteredBy) throw new Refusal('CannotSetOwnRate');
  const tutor = await db.selectFrom('tutors').select('id').where('id', '=', change.tutorId).executeTakeFirst();
  if (!tutor) throw new Refusal('TutorNotFound');
  if (change.effectiveDay < change.periodFirstDay) throw new Refusal('RateBackdated', { first_day: change.periodFirstDay });
  if (change.effectiveDay > addDays(change.today, MAX_DAYS_AHEAD)) {
    throw new Refusal('BadInput', { fields: { effective_day: 'A rate can be set at most a year ahead' } });
  }
  const { id } = await db
    .insertInto('tutor_pay_rates')
    .values({ tutor_id: change.tutorId, hourly_rate_cents: change.hourlyRateCents, effective_day: change.effectiveDay, entered_by: change.enteredBy, entered_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toPayRate(await ratesQuery(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}
