import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Meetings (`m`) with their tutor (`t`) and their offering (`o`) and its course (`c`): the one base
 * of every reader that shows a meeting as people see it (the dashboards' meetings, messages,
 * calendar entries). Offering and course are left joins: a meeting's offering is optional.
 */
export function meetingsWithTutorAndCourse(db: Kysely<Database>) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('tutors as t', 't.id', 'm.tutor_id')
    .leftJoin('offerings as o', 'o.id', 'm.offering_id')
    .leftJoin('courses as c', 'c.id', 'o.course_id');
}
