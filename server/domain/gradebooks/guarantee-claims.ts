import type { GuaranteeClaim } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { now } from '../../clock.ts';
import { toEpoch } from '../../epoch.ts';
import { recordEvent } from '../../events/record.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { movePayments } from '../billing/payment-lifecycle.ts';
import { sendPendingRefunds } from '../billing/refunds.ts';
import { HOURS_PROVIDER } from '../credits/ledger.ts';
import { sendCreditRefunds } from '../credits/lot-refunds.ts';
import { customerFacts } from '../meetings/change-events.ts';
import { Refusal } from '../refusal.ts';
import { guaranteeOf } from './guarantee.ts';

/**
 * Claims of the pass guarantee (docs/contract-extensions.md 'The pass guarantee'):
 *
 * - the student claims from the gradebook, with their final grade, while the guarantee is
 *   `eligible` and its claim window is open; one claim per gradebook (a unique index);
 * - a supervisor lists the claims with the hours and classes counted and the grades;
 * - approving refunds every payment of the course's sessions: card charges through the provider
 *   (the one refund path, refunds.ts), and hours paid from a package at their purchase's price per
 *   paid hour, to the card that bought it (lot-refunds.ts's keyed partial refunds); declining needs
 *   a reason. The customer is emailed either way.
 *
 * A decision locks the claim row, so two supervisors deciding at once decide it once.
 */

export interface ClaimServices {
  db: Db;
  provider: PaymentProvider;
  log: (line: string) => void;
}

export async function claimGuarantee(db: Db, customerId: number, gradebookId: number, finalGrade: string): Promise<GuaranteeClaim> {
  const gradebook = await db.selectFrom('gradebooks').select(['id', 'customer_id', 'course_id', 'archived']).where('id', '=', gradebookId).executeTakeFirst();
  if (!gradebook) throw new Refusal('GradebookNotFound');
  if (gradebook.customer_id !== customerId) throw new Refusal('NotAuthorized');
  const guarantee = await guaranteeOf(db, gradebook);
  if (['claimed', 'refunded', 'declined'].includes(guarantee.status)) throw new Refusal('AlreadyClaimed');
  if (guarantee.status !== 'eligible' || (guarantee.claim_open_until !== null && guarantee.claim_open_until < toEpoch(now()))) throw new Refusal('NotEligible');
  const written = await db
    .insertInto('guarantee_claims')
    .values({ gradebook_id: gradebook.id, customer_id: customerId, final_grade: finalGrade.trim(), hours_counted: guarantee.hours_counted, classes_counted: guarantee.classes_counted, created_at: now() })
    .onConflict((oc) => oc.column('gradebook_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!written) throw new Refusal('AlreadyClaimed');
  return (await listClaims(db, written.id))[0]!;
}

/** The claims, newest first (or one), with what a supervisor decides on. */
export async function listClaims(db: Db, claimId?: number): Promise<GuaranteeClaim[]> {
  let query = db
    .selectFrom('guarantee_claims as g')
    .innerJoin('gradebooks as b', 'b.id', 'g.gradebook_id')
    .innerJoin('courses as c', 'c.id', 'b.course_id')
    .innerJoin('customers as cu', 'cu.id', 'g.customer_id')
    .leftJoin('tutors as t', 't.id', 'g.decided_by')
    .select(['g.id', 'g.gradebook_id', 'g.final_grade', 'g.hours_counted', 'g.classes_counted', 'g.status', 'g.decline_reason', 'g.refund_cents', 'g.created_at', 'g.decided_at'])
    .select(['cu.id as customer_id', 'cu.firstname', 'cu.lastname', 'c.course_number', 'c.course_name', 't.name as decided_by'])
    .orderBy('g.id', 'desc')
    .limit(200);
  if (claimId !== undefined) query = query.where('g.id', '=', claimId);
  const claims = await query.execute();
  const ids = claims.map((c) => c.gradebook_id);
  const grades = ids.length === 0 ? [] : await db.selectFrom('grades').select(['gradebook_id', 'name', 'points_recieved_hundreths', 'points_total_hundreths', 'due_date', 'entered_at']).where('gradebook_id', 'in', ids).orderBy('due_date').execute();
  return claims.map((c) => ({
    id: c.id,
    gradebook_id: c.gradebook_id,
    customer: { id: c.customer_id, firstname: c.firstname, lastname: c.lastname },
    course: { course_number: c.course_number, course_name: c.course_name },
    final_grade: c.final_grade,
    hours_counted: Number(c.hours_counted),
    classes_counted: c.classes_counted,
    grades: grades
      .filter((g) => g.gradebook_id === c.gradebook_id)
      .map((g) => ({ name: g.name, percent: Math.round((g.points_recieved_hundreths / g.points_total_hundreths) * 1000) / 10, due_epoch: toEpoch(g.due_date), entered_epoch: toEpoch(g.entered_at) })),
    status: c.status,
    decided_by: c.decided_by,
    decline_reason: c.decline_reason,
    refund_cents: c.refund_cents,
    claimed_epoch: toEpoch(c.created_at),
    decided_epoch: c.decided_at === null ? null : toEpoch(c.decided_at),
  }));
}

/**
 * Approves a claim: every payment of the course's sessions of the student is refunded, in the
 * transaction that decides the claim (card charges marked for their refund; hours of packages as
 * keyed partial refunds of their purchases), and sent after the commit.
 */
export async function approveClaim({ db, provider, log }: ClaimServices, staffId: number, claimId: number): Promise<GuaranteeClaim> {
  const refunds = await db.transaction().execute(async (trx) => {
    const claim = await openClaim(trx, claimId);
    const course = await trx.selectFrom('gradebooks').select('course_id').where('id', '=', claim.gradebook_id).executeTakeFirstOrThrow();
    const paid = await trx
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .innerJoin('offerings as o', 'o.id', 'm.offering_id')
      .select(['p.id', 'p.amount_cents', 'p.provider', 'p.provider_intent_id'])
      .where('p.customer_id', '=', claim.customer_id)
      .where('o.course_id', '=', course.course_id)
      .where('p.payment_status', '=', 'succeeded')
      .where('p.refund_pending', '=', false)
      .orderBy('p.id')
      .forUpdate('p')
      .execute();
    const byCard = paid.filter((p) => p.provider !== HOURS_PROVIDER && p.provider_intent_id !== null);
    for (const payment of byCard) {
      await movePayments(trx, 'refunded', 'succeeded').set({ refund_pending: true, refunded_by: staffId, refund_reason: `Pass guarantee claim ${claimId}` }).where('id', '=', payment.id).execute();
    }
    // Hours of packages: their money back to the purchase's card, at its price per paid hour.
    const byHours = paid.filter((p) => p.provider === HOURS_PROVIDER).map((p) => p.id);
    const hoursUsed =
      byHours.length === 0
        ? []
        : await trx
            .selectFrom('credit_entries as e')
            .innerJoin('credit_lots as l', 'l.id', 'e.lot_id')
            .select(['l.id as lot_id', 'l.payment_id', 'l.price_cents', 'l.paid_hours'])
            .select((eb) => eb.fn.countAll<string>().as('hours'))
            .where('e.kind', '=', 'use')
            .where('e.payment_id', 'in', byHours)
            .where('l.payment_id', 'is not', null)
            .groupBy(['l.id', 'l.payment_id', 'l.price_cents', 'l.paid_hours'])
            .execute();
    const creditRefunds: number[] = [];
    let hoursCents = 0;
    for (const lot of hoursUsed) {
      const hours = Number(lot.hours);
      const amount = Math.round((lot.price_cents * Math.min(hours, lot.paid_hours)) / Math.max(lot.paid_hours, 1));
      hoursCents += amount;
      const row = await trx
        .insertInto('credit_refunds')
        .values({ lot_id: lot.lot_id, payment_id: lot.payment_id!, hours, amount_cents: amount, reason: `Pass guarantee claim ${claimId}`, cause: 'guarantee', entered_by: staffId, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      creditRefunds.push(row.id);
    }
    const refundCents = byCard.reduce((sum, p) => sum + p.amount_cents, 0) + hoursCents;
    await trx.updateTable('guarantee_claims').set({ status: 'approved', decided_by: staffId, decided_at: now(), refund_cents: refundCents }).where('id', '=', claimId).execute();
    await recordDecision(trx, claim, { approved: true, refundCents, reason: null });
    return { paymentIds: byCard.map((p) => p.id), creditRefunds };
  });
  await sendPendingRefunds(db, provider, log, { paymentIds: refunds.paymentIds });
  await sendCreditRefunds(db, provider, log, refunds.creditRefunds);
  return (await listClaims(db, claimId))[0]!;
}

/** Declines a claim, saying why; the customer is told. */
export async function declineClaim(db: Db, staffId: number, claimId: number, reason: string): Promise<GuaranteeClaim> {
  await db.transaction().execute(async (trx) => {
    const claim = await openClaim(trx, claimId);
    await trx.updateTable('guarantee_claims').set({ status: 'declined', decided_by: staffId, decided_at: now(), decline_reason: reason.trim() }).where('id', '=', claimId).execute();
    await recordDecision(trx, claim, { approved: false, refundCents: 0, reason: reason.trim() });
  });
  return (await listClaims(db, claimId))[0]!;
}

/** The claim to decide, locked; refused when there is none or it was decided already. */
async function openClaim(trx: Db, claimId: number) {
  const claim = await trx.selectFrom('guarantee_claims').select(['id', 'gradebook_id', 'customer_id', 'status']).where('id', '=', claimId).forUpdate().executeTakeFirst();
  if (!claim) throw new Refusal('ClaimNotFound');
  if (claim.status !== 'open') throw new Refusal('AlreadyClaimed');
  return claim;
}

async function recordDecision(trx: Db, claim: { id: number; gradebook_id: number; customer_id: number }, decision: { approved: boolean; refundCents: number; reason: string | null }) {
  const course = await trx
    .selectFrom('gradebooks as b')
    .innerJoin('courses as c', 'c.id', 'b.course_id')
    .select(['c.course_number'])
    .where('b.id', '=', claim.gradebook_id)
    .executeTakeFirstOrThrow();
  const customer = (await customerFacts(trx, [claim.customer_id])).get(claim.customer_id)!;
  await recordEvent(trx, { kind: 'GuaranteeClaimDecided', claimId: claim.id, customer, courseNumber: course.course_number, ...decision });
}
