import { sql } from 'kysely';
import type { GuaranteeFigures } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';

/**
 * The pass guarantee's figures of a period [from, to) (GET /api/reports): claims made in it, claims
 * decided in it with what the approved ones refunded, and the refund rate as of its end: approved
 * claims over the courses whose guarantee was not waived (gradebooks opened by then, not archived).
 */
export async function guaranteeFigures(db: Db, from: Date, to: Date): Promise<GuaranteeFigures> {
  const [claims, courses] = await Promise.all([
    db
      .selectFrom('guarantee_claims as g')
      .select([
        sql<string>`count(*) filter (where g.created_at >= ${from} and g.created_at < ${to})`.as('made'),
        sql<string>`count(*) filter (where g.status = 'approved' and g.decided_at >= ${from} and g.decided_at < ${to})`.as('approved'),
        sql<string>`count(*) filter (where g.status = 'declined' and g.decided_at >= ${from} and g.decided_at < ${to})`.as('declined'),
        sql<string>`coalesce(sum(g.refund_cents) filter (where g.status = 'approved' and g.decided_at >= ${from} and g.decided_at < ${to}), 0)`.as('refunded'),
        sql<string>`count(*) filter (where g.status = 'approved' and g.decided_at < ${to})`.as('approved_by_end'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('gradebooks').select(sql<string>`count(*)`.as('count')).where('archived', '=', false).where('created_at', '<', to).executeTakeFirstOrThrow(),
  ]);
  const guaranteed = Number(courses.count);
  return {
    claims: Number(claims.made),
    approved: Number(claims.approved),
    declined: Number(claims.declined),
    refunded_cents: Number(claims.refunded),
    guaranteed_courses: guaranteed,
    refund_rate: guaranteed === 0 ? null : Number(claims.approved_by_end) / guaranteed,
  };
}
