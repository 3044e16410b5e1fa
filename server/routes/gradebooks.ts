import { categoryCreateForm, gradeCreateForm, id } from '../../src/contract/schemas.ts';
import type { Db } from '../db/connection.ts';
import { fromEpoch } from '../db/schema.ts';
import { gradebookFor, gradebookQuery, toCategory, toGrade, toGradebook } from '../domain/gradebooks.ts';
import { ok } from '../http/envelope.ts';
import { Refusal } from '../domain/refusal.ts';
import { router } from '../http/router.ts';
import { requireAuth } from '../http/session.ts';
import { parseForm, parseParam } from '../http/validate.ts';

/** Categories, grades and the archive of one gradebook; each call checks the session may use it. */
export function gradebookRoutes(db: Db) {
  const app = router();

  async function category(gradebookId: number, categoryId: number) {
    const row = await db.selectFrom('grade_categories').selectAll().where('id', '=', categoryId).where('gradebook_id', '=', gradebookId).executeTakeFirst();
    if (!row) throw new Refusal('CategoryNotFound');
    return row;
  }

  app.get('/gradebooks/:id/categories', async (c) => {
    const gradebook = await gradebookFor(db, requireAuth(c), parseParam(c, 'id', id));
    const rows = await db.selectFrom('grade_categories').selectAll().where('gradebook_id', '=', gradebook.id).orderBy('id').execute();
    return ok(c, rows.map(toCategory));
  });

  app.post('/gradebooks/:id/categories', async (c) => {
    const gradebook = await gradebookFor(db, requireAuth(c), parseParam(c, 'id', id));
    const input = await parseForm(c, categoryCreateForm);
    const row = await db
      .insertInto('grade_categories')
      .values({ gradebook_id: gradebook.id, name: input.name, weight_percent: input.weight_percent, drops: input.drops })
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(c, toCategory(row), 201);
  });

  app.delete('/gradebooks/:id/categories/:categoryId', async (c) => {
    const gradebook = await gradebookFor(db, requireAuth(c), parseParam(c, 'id', id));
    const row = await category(gradebook.id, parseParam(c, 'categoryId', id));
    // The category's grades go with it (on delete cascade).
    await db.deleteFrom('grade_categories').where('id', '=', row.id).execute();
    return ok(c, { id: row.id });
  });

  app.get('/gradebooks/:id/categories/:categoryId/grades', async (c) => {
    const gradebook = await gradebookFor(db, requireAuth(c), parseParam(c, 'id', id));
    const row = await category(gradebook.id, parseParam(c, 'categoryId', id));
    const grades = await db.selectFrom('grades').selectAll().where('category_id', '=', row.id).orderBy('entered_at', 'desc').orderBy('id', 'desc').execute();
    return ok(c, grades.map(toGrade));
  });

  app.post('/gradebooks/:id/categories/:categoryId/grades', async (c) => {
    const gradebook = await gradebookFor(db, requireAuth(c), parseParam(c, 'id', id), 'Unauthorized');
    const row = await category(gradebook.id, parseParam(c, 'categoryId', id));
    const input = await parseForm(c, gradeCreateForm);
    const grade = await db
      .insertInto('grades')
      .values({
        gradebook_id: gradebook.id,
        category_id: row.id,
        name: input.name,
        points_recieved_hundreths: input.points_recieved_hundreths,
        points_total_hundreths: input.points_total_hundreths,
        due_date: fromEpoch(input.due_date),
      })
      .onConflict((oc) => oc.columns(['gradebook_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!grade) throw new Refusal('GradeAlreadyExists');
    return ok(c, toGrade(grade), 201);
  });

  app.delete('/gradebooks/:id/categories/:categoryId/grades/:gradeId', async (c) => {
    const gradebook = await gradebookFor(db, requireAuth(c), parseParam(c, 'id', id));
    const row = await category(gradebook.id, parseParam(c, 'categoryId', id));
    const deleted = await db.deleteFrom('grades').where('id', '=', parseParam(c, 'gradeId', id)).where('category_id', '=', row.id).returning('id').executeTakeFirst();
    if (!deleted) throw new Refusal('GradeNotFound');
    return ok(c, { id: deleted.id });
  });

  app.post('/gradebooks/:id/archive', async (c) => {
    const auth = requireAuth(c);
    const gradebook = await gradebookFor(db, auth, parseParam(c, 'id', id), 'Unauthorized');
    // Archiving waives the student's guarantee: the student's choice (or a supervisor's), not a tutor's.
    if (auth.userType === 'tutor' && auth.role !== 'Supervisor') throw new Refusal('Unauthorized');
    await db.updateTable('gradebooks').set({ archived: true }).where('id', '=', gradebook.id).execute();
    return ok(c, toGradebook(await gradebookQuery(db).where('g.id', '=', gradebook.id).executeTakeFirstOrThrow()));
  });

  return app;
}
