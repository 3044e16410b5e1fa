import { sql } from 'kysely';
import type { Guarantee } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { now } from '../../clock.ts';
import { toEpoch } from '../../epoch.ts';
import type { Auth } from '../sign-in/sign-ins.ts';
import { gradebookFor } from './gradebooks.ts';
import { guaranteeView } from './guarantee-rules.ts';

/**
 * GET /api/gradebooks/{id}/guarantee: the pass guarantee of a gradebook's course, counted from what
 * the product records (guarantee-rules.ts): the student's sessions of the course that were paid and
 * held (a booking's payment that succeeded, its meeting not canceled and ended), and the gradebook's
 * grades with when each was entered. Whoever may read the gradebook may read it.
 */
export async function gradebookGuarantee(db: Db, auth: Auth, gradebookId: number): Promise<Guarantee> {
  return guaranteeOf(db, await gradebookFor(db, auth, gradebookId));
}

/** The guarantee of a gradebook the caller may read (guarantee-claims.ts asks it before a claim). */
export async function guaranteeOf(db: Db, gradebook: { id: number; customer_id: number; course_id: number; archived: boolean }): Promise<Guarantee> {
  const at = now();
  const [course, sessions, grades, claim] = await Promise.all([
    db.selectFrom('courses').select('school').where('id', '=', gradebook.course_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('payments as p')
      .innerJoin('meetings as m', 'm.id', 'p.meeting_id')
      .innerJoin('offerings as o', 'o.id', 'm.offering_id')
      .select(['m.id', 'm.capacity'])
      .distinct()
      .where('p.customer_id', '=', gradebook.customer_id)
      .where('p.is_incremental', '=', false)
      .where('p.payment_status', '=', 'succeeded')
      .where('m.canceled', '=', false)
      .where('o.course_id', '=', gradebook.course_id)
      // Held: ended by now.
      .where(sql<boolean>`m.occurrence + make_interval(mins => m.duration_mins) <= ${at}`)
      .execute(),
    db.selectFrom('grades').select(['name', 'due_date', 'entered_at']).where('gradebook_id', '=', gradebook.id).execute(),
    db.selectFrom('guarantee_claims').select(['status', 'hours_counted', 'classes_counted', 'decline_reason']).where('gradebook_id', '=', gradebook.id).executeTakeFirst(),
  ]);
  const view = guaranteeView({
    school: course.school,
    waived: gradebook.archived,
    sessions,
    grades: grades.map((g) => ({ name: g.name, dueMs: new Date(g.due_date).getTime(), enteredMs: new Date(g.entered_at).getTime() })),
  });
  const counted = {
    hours_counted: view.hoursCounted,
    hours_required: view.hoursRequired,
    classes_counted: view.classesCounted,
    classes_required: view.classesRequired,
    late_grades: view.lateGrades,
  };
  // A claim decides the status from then on: the sessions after it (and refunds of them) change nothing.
  if (claim) {
    const status = ({ open: 'claimed', approved: 'refunded', declined: 'declined' } as const)[claim.status];
    const reasons = { open: ['Your claim is with us: a supervisor answers it by email.'], approved: ['The claim was approved and refunded.'], declined: [`The claim was declined: ${claim.decline_reason ?? ''}`] }[claim.status];
    return { ...counted, hours_counted: Number(claim.hours_counted), classes_counted: claim.classes_counted, status, claim_open_until: null, reasons };
  }
  return { ...counted, status: view.status, claim_open_until: view.claimOpenUntilMs === null ? null : toEpoch(new Date(view.claimOpenUntilMs)), reasons: view.reasons };
}
