import type { Offering } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';

/** The columns that make an Offering (docs/spec/contract.md), for queries joining offerings o, courses c, tutors t. */
export const offeringColumns = [
  'o.id as offering_id',
  'o.qualification',
  'o.archived as offering_archived',
  'c.id as course_id',
  'c.course_number',
  'c.course_name',
  'c.school',
  't.id as tutor_id',
  't.name as tutor_name',
  't.background as tutor_background',
  't.role as tutor_role',
] as const;

export interface OfferingRow {
  offering_id: number;
  qualification: string;
  offering_archived: boolean;
  course_id: number;
  course_number: string;
  course_name: string;
  school: string;
  tutor_id: number;
  tutor_name: string;
  tutor_background: string;
  tutor_role: 'Supervisor' | 'Archived' | 'Tutor';
}

export function toOffering(row: OfferingRow): Offering {
  return {
    id: row.offering_id,
    qualification: row.qualification,
    archived: row.offering_archived,
    course: { id: row.course_id, course_number: row.course_number, course_name: row.course_name, school: row.school },
    tutor: { id: row.tutor_id, name: row.tutor_name, background: row.tutor_background, role: row.tutor_role },
  };
}

/** Offerings that can be booked (not archived, nor their tutor or course), as Offering columns. */
export function bookableOfferings(db: Db) {
  return db
    .selectFrom('offerings as o')
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .innerJoin('tutors as t', 't.id', 'o.tutor_id')
    .select(offeringColumns)
    .where('o.archived', '=', false)
    .where('t.role', '!=', 'Archived')
    // An archived course has no unarchived offering (catalog.ts); asked again here, where booking decides.
    .where('c.archived', '=', false);
}

export async function findBookableOffering(db: Db, offeringId: number) {
  return bookableOfferings(db).where('o.id', '=', offeringId).executeTakeFirst();
}
