import type { Grade, GradeCategory, Gradebook } from '../../../src/contract/entities.ts';
import type { z } from 'zod';
import type { categoryCreateForm, gradeCreateForm } from '../../../src/contract/schemas.ts';
import type { Db } from '../../db/db.ts';
import { fromEpoch } from '../../epoch.ts';
import { gradebookFor, gradebookQuery, toCategory, toGrade, toGradebook } from './gradebooks.ts';
import { Refusal } from '../refusal.ts';
import { now } from '../../clock.ts';
import type { Auth } from '../sign-in/sign-ins.ts';

/**
 * A gradebook's categories and grades, and its archive. Every call first checks that the sign-in
 * may use the gradebook (gradebookFor: its student, a tutor who teaches or taught them the course,
 * a supervisor), then that the category or grade belongs to it.
 */

async function categoryOf(db: Db, gradebookId: number, categoryId: number) {
  const row = await db.selectFrom('grade_categories').selectAll().where('id', '=', categoryId).where('gradebook_id', '=', gradebookId).executeTakeFirst();
  if (!row) throw new Refusal('CategoryNotFound');
  return row;
}

export async function listCategories(db: Db, auth: Auth, gradebookId: number): Promise<GradeCategory[]> {
  const gradebook = await gradebookFor(db, auth, gradebookId);
  const rows = await db.selectFrom('grade_categories').selectAll().where('gradebook_id', '=', gradebook.id).orderBy('id').execute();
  return rows.map(toCategory);
}

/** A new category; its form is read (`readInput`) once the sign-in may use the gradebook, so a stranger learns nothing of the rules. */
export async function addCategory(db: Db, auth: Auth, gradebookId: number, readInput: () => Promise<z.output<typeof categoryCreateForm>>): Promise<GradeCategory> {
  const gradebook = await gradebookFor(db, auth, gradebookId);
  const input = await readInput();
  const row = await db
    .insertInto('grade_categories')
    .values({ gradebook_id: gradebook.id, name: input.name, weight_percent: input.weight_percent, drops: input.drops })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCategory(row);
}

/** Deletes a category and, with it, its grades (on delete cascade); answers its id. */
export async function deleteCategory(db: Db, auth: Auth, gradebookId: number, categoryId: number): Promise<number> {
  const gradebook = await gradebookFor(db, auth, gradebookId);
  const row = await categoryOf(db, gradebook.id, categoryId);
  await db.deleteFrom('grade_categories').where('id', '=', row.id).execute();
  return row.id;
}

/** A category's grades, the newest first. */
export async function listGrades(db: Db, auth: Auth, gradebookId: number, categoryId: number): Promise<Grade[]> {
  const gradebook = await gradebookFor(db, auth, gradebookId);
  const row = await categoryOf(db, gradebook.id, categoryId);
  const grades = await db.selectFrom('grades').selectAll().where('category_id', '=', row.id).orderBy('entered_at', 'desc').orderBy('id', 'desc').execute();
  return grades.map(toGrade);
}

/** A new grade, its form read once the gradebook and category are checked; its name is unique in the gradebook (GradeAlreadyExists). */
export async function addGrade(db: Db, auth: Auth, gradebookId: number, categoryId: number, readInput: () => Promise<z.output<typeof gradeCreateForm>>): Promise<Grade> {
  const gradebook = await gradebookFor(db, auth, gradebookId, 'Unauthorized');
  const row = await categoryOf(db, gradebook.id, categoryId);
  const input = await readInput();
  const grade = await db
    .insertInto('grades')
    .values({
      gradebook_id: gradebook.id,
      category_id: row.id,
      name: input.name,
      points_recieved_hundreths: input.points_recieved_hundreths,
      points_total_hundreths: input.points_total_hundreths,
      due_date: fromEpoch(input.due_date),
      // The server's clock, not the database's: the guarantee's 7-day rule reads it (guarantee-rules.ts).
      entered_at: now(),
    })
    .onConflict((oc) => oc.columns(['gradebook_id', 'name']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!grade) throw new Refusal('GradeAlreadyExists');
  return toGrade(grade);
}

/** Deletes a grade of the category; answers its id. */
export async function deleteGrade(db: Db, auth: Auth, gradebookId: number, categoryId: number, gradeId: number): Promise<number> {
  const gradebook = await gradebookFor(db, auth, gradebookId);
  const row = await categoryOf(db, gradebook.id, categoryId);
  const deleted = await db.deleteFrom('grades').where('id', '=', gradeId).where('category_id', '=', row.id).returning('id').executeTakeFirst();
  if (!deleted) throw new Refusal('GradeNotFound');
  return deleted.id;
}

/**
 * Archives a gradebook. Archiving waives the student's guarantee: the student's choice (or a
 * supervisor's), never a tutor's.
 */
export async function archiveGradebook(db: Db, auth: Auth, gradebookId: number): Promise<Gradebook> {
  const gradebook = await gradebookFor(db, auth, gradebookId, 'Unauthorized');
  if (auth.userType === 'tutor' && auth.role !== 'Supervisor') throw new Refusal('Unauthorized');
  await db.updateTable('gradebooks').set({ archived: true }).where('id', '=', gradebook.id).execute();
  return toGradebook(await gradebookQuery(db).where('g.id', '=', gradebook.id).executeTakeFirstOrThrow());
}
