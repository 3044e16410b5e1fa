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
  const gradebook = await gradebookFor(db, auth, gradebookId);
  const at = now();
  const [course, sessions, grades] = await Promise.all([
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
  ]);
  const view = guaranteeView({
    school: course.school,
    waived: gradebook.archived,
    sessions,
    grades: grades.map((g) => ({ name: g.name, dueMs: new Date(g.due_date).getTime(), enteredMs: new Date(g.entered_at).getTime() })),
  });
  return {
    status: view.status,
    hours_counted: view.hoursCounted,
    hours_required: view.hoursRequired,
    classes_counted: view.classesCounted,
    classes_required: view.classesRequired,
    late_grades: view.lateGrades,
    claim_open_until: view.claimOpenUntilMs === null ? null : toEpoch(new Date(view.claimOpenUntilMs)),
    reasons: view.reasons,
  };
}
