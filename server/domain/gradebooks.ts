import type { Gradebook } from '../../src/contract/entities.ts';
import type { Db } from '../db/connection.ts';

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
