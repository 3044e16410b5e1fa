import type { PublicTutor, Tutor } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';

const publicColumns = ['id', 'name', 'background', 'role'] as const;
const staffColumns = [...publicColumns, 'email', 'phone'] as const;

/**
 * Everyone may list tutors (the home page's gallery and the booking flow show them), but only
 * staff see contact details. Archived tutors are listed too: the gallery hides them by role.
 */
export async function listTutorsForViewer(db: Db, viewerIsStaff: boolean): Promise<(Tutor | PublicTutor)[]> {
  let query = db.selectFrom('tutors').select(viewerIsStaff ? [...staffColumns] : [...publicColumns]).orderBy('name');
  // Archived tutors (former ones, and new hires not ready yet) are for staff eyes only.
  if (!viewerIsStaff) query = query.where('role', '!=', 'Archived');
  return query.execute();
}

/** A tutor, or null when there is none; non-staff never see archived tutors or contact details. */
export async function getTutorForViewer(db: Db, tutorId: number, viewerIsStaff: boolean): Promise<Tutor | PublicTutor | null> {
  let query = db
    .selectFrom('tutors')
    .select(viewerIsStaff ? [...staffColumns] : [...publicColumns])
    .where('id', '=', tutorId);
  if (!viewerIsStaff) query = query.where('role', '!=', 'Archived');
  return (await query.executeTakeFirst()) ?? null;
}

/** The gallery of the home page: tutors who are not archived, by name. */
export async function listGalleryTutors(db: Db): Promise<PublicTutor[]> {
  return db.selectFrom('tutors').select([...publicColumns]).where('role', '!=', 'Archived').orderBy('name').execute();
}
