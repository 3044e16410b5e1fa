import type { TutorGradebook } from '../../../src/contract/entities.ts';
import { summarizeGradebook } from '../../../src/lib/grades.ts';
import type { Db } from '../../db/db.ts';
import { gradebookQuery, toCategory, toGrade, toGradebook } from './gradebooks.ts';

/**
 * Gradebooks for the tutor's list: those of the tutor's students (customers with a confirmed
 * seat in one of the tutor's meetings of that course), or every gradebook (`all`, supervisors).
 * Each carries its overall score and last grade, computed with the screens' own grade math, from
 * three queries whatever the length of the list.
 */
export async function listTutorGradebooks(db: Db, scope: { tutorId: number } | 'all'): Promise<TutorGradebook[]> {
  let query = gradebookQuery(db);
  if (scope !== 'all') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('reservations as r')
          .innerJoin('meetings as m', 'm.id', 'r.meeting_id')
          .innerJoin('offerings as o', 'o.id', 'm.offering_id')
          .select('r.id')
          .whereRef('r.customer_id', '=', 'g.customer_id')
          .whereRef('o.course_id', '=', 'g.course_id')
          .where('r.status', '=', 'confirmed')
          .where('m.tutor_id', '=', scope.tutorId),
      ),
    );
  }
  const gradebooks = await query.execute();
  if (gradebooks.length === 0) return [];
  const ids = gradebooks.map((g) => g.id);
  const [categories, grades] = await Promise.all([
    db.selectFrom('grade_categories').selectAll().where('gradebook_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('grades').selectAll().where('gradebook_id', 'in', ids).orderBy('entered_at').orderBy('id').execute(),
  ]);
  return gradebooks.map((row) => {
    const own = grades.filter((g) => g.gradebook_id === row.id).map(toGrade);
    const summary = summarizeGradebook(categories.filter((c) => c.gradebook_id === row.id).map(toCategory), own);
    const last = own.at(-1);
    return {
      ...toGradebook(row),
      overall_score: summary.overall,
      last_grade: last
        ? { id: last.id, name: last.name, points_recieved_hundreths: last.points_recieved_hundreths, points_total_hundreths: last.points_total_hundreths, grade_entered_date: last.grade_entered_date }
        : null,
    };
  });
}
