import type { Grade, GradeCategory, Gradebook } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { toEpoch } from '../../epoch.ts';
import { Refusal } from '../refusal.ts';
import { now } from '../../clock.ts';
import type { Auth } from '../sign-in/sign-ins.ts';

/** Gradebooks in the contract's shape, newest course first. */
export function gradebookQuery(db: Db) {
  return db
    .selectFrom('gradebooks as g')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .innerJoin('customers as cu', 'cu.id', 'g.customer_id')
    .select(['g.id', 'g.archived', 'c.id as course_id', 'c.course_number', 'c.course_name', 'cu.firstname', 'cu.lastname'])
    .orderBy('g.id');
}

export function toGradebook(row: { id: number; archived: boolean; course_id: number; course_number: string; course_name: string; firstname: string; lastname: string }): Gradebook {
  return {
    id: row.id,
    course: { id: row.course_id, course_number: row.course_number, course_name: row.course_name },
    customer: { firstname: row.firstname, lastname: row.lastname },
    archived: row.archived,
  };
}

export async function listCustomerGradebooks(db: Db, customerId: number): Promise<Gradebook[]> {
  return (await gradebookQuery(db).where('g.customer_id', '=', customerId).execute()).map(toGradebook);
}

/** Who may open a gradebook: its customer, a supervisor, or a tutor who teaches that customer the course. */
export async function canReachGradebook(db: Db, auth: Auth, gradebook: { customer_id: number; course_id: number }): Promise<boolean> {
  if (auth.userType === 'customer') return auth.customerId === gradebook.customer_id;
  if (auth.role === 'Archived') return false;
  if (auth.role === 'Supervisor') return true;
  return teachesCustomerCourse(db, auth.tutorId, gradebook.customer_id, gradebook.course_id);
}

/**
 * A customer's gradebooks as `viewer` may see them: a customer reads their own (another's is
 * NotAuthorized); staff read the ones they may open (canReachGradebook), the others left out.
 */
export async function customerGradebooksFor(db: Db, viewer: Auth, customerId: number): Promise<Gradebook[]> {
  if (viewer.userType === 'customer' && viewer.customerId !== customerId) throw new Refusal('NotAuthorized');
  const all = await listCustomerGradebooks(db, customerId);
  if (viewer.userType === 'customer') return all;
  const visible: Gradebook[] = [];
  for (const gradebook of all) {
    if (await canReachGradebook(db, viewer, { customer_id: customerId, course_id: Number(gradebook.course.id) })) visible.push(gradebook);
  }
  return visible;
}

/** Whether the tutor has (had) a booked meeting of this course with this customer. */
export async function teachesCustomerCourse(db: Db, tutorId: number, customerId: number, courseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reservations as r')
    .innerJoin('meetings as m', 'm.id', 'r.meeting_id')
    .innerJoin('offerings as o', 'o.id', 'm.offering_id')
    .select('r.id')
    .where('r.customer_id', '=', customerId)
    .where('r.status', '=', 'confirmed')
    .where('m.tutor_id', '=', tutorId)
    .where('o.course_id', '=', courseId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The gradebook behind an id, if this sign-in may use it. `refusal` is the error type the calling
 * screen expects (spec 2 §8: Unauthorized for grade creation and archive, NotAuthorized elsewhere).
 */
export async function gradebookFor(db: Db, auth: Auth, gradebookId: number, refusal: 'Unauthorized' | 'NotAuthorized' = 'NotAuthorized') {
  const gradebook = await db.selectFrom('gradebooks').select(['id', 'customer_id', 'course_id', 'archived']).where('id', '=', gradebookId).executeTakeFirst();
  if (!gradebook) throw new Refusal('GradebookNotFound');
  if (!(await canReachGradebook(db, auth, gradebook))) throw new Refusal(refusal);
  return gradebook;
}

export function toCategory(row: { id: number; name: string; weight_percent: number; drops: number }): GradeCategory {
  return { id: row.id, category_name: row.name, weight_percent: row.weight_percent, drops: row.drops };
}

export function toGrade(row: {
  id: number;
  name: string;
  gradebook_id: number;
  category_id: number;
  points_recieved_hundreths: number;
  points_total_hundreths: number;
  due_date: Date | string;
  entered_at: Date | string;
}): Grade {
  return {
    id: row.id,
    name: row.name,
    gradebook: row.gradebook_id,
    grade_category: row.category_id,
    points_recieved_hundreths: row.points_recieved_hundreths,
    points_total_hundreths: row.points_total_hundreths,
    due_date: toEpoch(row.due_date),
    grade_entered_date: toEpoch(row.entered_at),
  };
}

/** A paid booking's gradebook: the customer gets one for the offering's course unless they have it. */
export async function openGradebook(trx: Db, customerId: number, offeringId: number): Promise<void> {
  const offering = await trx.selectFrom('offerings').select('course_id').where('id', '=', offeringId).executeTakeFirstOrThrow();
  await trx
    .insertInto('gradebooks')
    // Opened at the server's clock (Reports count the guaranteed courses by it).
    .values({ customer_id: customerId, course_id: offering.course_id, created_at: now() })
    .onConflict((oc) => oc.columns(['customer_id', 'course_id']).doNothing())
    .execute();
}
