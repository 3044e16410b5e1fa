import type { Offering, Tutor, TutorHours } from '../../../src/contract/entities.ts';
import { now, nowMs } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { isBookedMeeting } from '../booking/booked.ts';
import { offeringColumns, toOffering } from '../catalog/offerings.ts';
import { Refusal } from '../refusal.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/**
 * The supervisor's team: hiring (a new tutor starts archived), archiving and unarchiving, bios,
 * offerings (a tutor's qualification for a course) and the hours of the team view. Permission is
 * the route's business (supervisors only); these rules keep the team consistent: an archived tutor
 * has no bookable offering and cannot be signed in, and nobody is archived with work still ahead.
 */

const tutorColumns = ['id', 'name', 'email', 'phone', 'role', 'background'] as const;

async function tutorById(db: Db, tutorId: number): Promise<Tutor> {
  const tutor = await db.selectFrom('tutors').select([...tutorColumns]).where('id', '=', tutorId).executeTakeFirst();
  if (!tutor) throw new Refusal('TutorNotFound');
  return tutor;
}

/** A new tutor, archived until a supervisor unarchives them (when payroll and training are done). */
export async function createTutor(db: Db, input: { name: string; email: string; phone: string; background: string }): Promise<Tutor> {
  const taken = await db
    .selectFrom('tutors')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', input.email), eb('phone', '=', input.phone)]))
    .executeTakeFirst();
  if (taken) throw new Refusal('AlreadyExists');
  try {
    return await db
      .insertInto('tutors')
      .values({ ...input, role: 'Archived' })
      .returning([...tutorColumns])
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two forms sent at once with the same address: the unique index decides.
    if (isUniqueViolation(error)) throw new Refusal('AlreadyExists');
    throw error;
  }
}

function offeringsQuery(db: Db) {
  return db
    .selectFrom('offerings as o')
    .innerJoin('courses as c', 'c.id', 'o.course_id')
    .innerJoin('tutors as t', 't.id', 'o.tutor_id')
    .select(offeringColumns)
    .orderBy('c.school')
    .orderBy('c.course_number');
}

/** A tutor's offerings, archived ones included. */
export async function listTutorOfferings(db: Db, tutorId: number): Promise<Offering[]> {
  await tutorById(db, tutorId);
  return (await offeringsQuery(db).where('o.tutor_id', '=', tutorId).execute()).map(toOffering);
}

/**
 * Archives a tutor (not oneself; not with unarchived offerings or booked meetings ahead, which the
 * refusal lists) and ends their sign-ins; or unarchives one, who comes back as a regular tutor,
 * never as a supervisor.
 */
export async function setTutorArchived(db: Db, actingTutorId: number, tutorId: number, archived: boolean): Promise<Tutor> {
  await tutorById(db, tutorId);
  if (!archived) {
    await db.updateTable('tutors').set({ role: 'Tutor' }).where('id', '=', tutorId).where('role', '=', 'Archived').execute();
    return tutorById(db, tutorId);
  }
  if (tutorId === actingTutorId) throw new Refusal('CannotArchiveSelf');
  const offerings = (await offeringsQuery(db).where('o.tutor_id', '=', tutorId).where('o.archived', '=', false).execute()).map(toOffering);
  if (offerings.length > 0) throw new Refusal('HasAttachedOfferings', { offerings });
  const meetings = await db
    .selectFrom('meetings as m')
    .select(['m.id', 'm.occurrence', 'm.duration_mins'])
    .where('m.tutor_id', '=', tutorId)
    .where('m.canceled', '=', false)
    .where(isBookedMeeting)
    .where('m.occurrence', '>', new Date(nowMs()))
    .orderBy('m.occurrence')
    .execute();
  if (meetings.length > 0) {
    throw new Refusal('HasAttachedMeetings', {
      meetings: meetings.map((m) => ({ id: m.id, occurrence_epoch: Math.floor(new Date(m.occurrence).getTime() / 1000), duration_mins: m.duration_mins })),
    });
  }
  await db.transaction().execute(async (trx) => {
    // The tutor's row lock, which a login link's or code's redemption holds while it writes its
    // sign-in (domain/auth.ts): one under way finishes first and its sign-in is ended below; one
    // after this commit reads the tutor archived and is refused.
    await trx.selectFrom('tutors').select('id').where('id', '=', tutorId).forUpdate().execute();
    await trx.updateTable('tutors').set({ role: 'Archived' }).where('id', '=', tutorId).execute();
    // An archived tutor is signed out everywhere at once, and the links and codes already sent end
    // now: they would otherwise sign the tutor in again, here or after an unarchiving.
    await trx.deleteFrom('sessions').where('tutor_id', '=', tutorId).execute();
    await trx.updateTable('login_tokens').set({ expires_at: now() }).where('tutor_id', '=', tutorId).where('used_at', 'is', null).where('expires_at', '>', now()).execute();
    await trx.updateTable('verification_codes').set({ expires_at: now() }).where('tutor_id', '=', tutorId).where('used_at', 'is', null).where('expires_at', '>', now()).execute();
  });
  return tutorById(db, tutorId);
}

export async function setTutorBackground(db: Db, tutorId: number, background: string): Promise<Tutor> {
  await tutorById(db, tutorId);
  await db.updateTable('tutors').set({ background }).where('id', '=', tutorId).execute();
  return tutorById(db, tutorId);
}

/**
 * Adds the tutor's offering of a course, or changes its qualification when it exists (one per
 * tutor and course). An archived tutor's new offering starts archived: it becomes bookable once
 * the tutor is unarchived and the offering too.
 */
export async function saveOffering(db: Db, input: { tutor: number; course: number; qualification: string }): Promise<Offering> {
  const tutor = await tutorById(db, input.tutor);
  // An archived course's new offering starts archived too (catalog.ts): the course row is held
  // while it is written, so the course cannot be archived in between with this one unarchived.
  const row = await db.transaction().execute(async (trx) => {
    const course = await trx.selectFrom('courses').select(['id', 'archived']).where('id', '=', input.course).forShare().executeTakeFirst();
    if (!course) throw new Refusal('CourseNotFound');
    return trx
      .insertInto('offerings')
      .values({ tutor_id: input.tutor, course_id: course.id, qualification: input.qualification, archived: tutor.role === 'Archived' || course.archived })
      .onConflict((oc) => oc.columns(['tutor_id', 'course_id']).doUpdateSet({ qualification: input.qualification }))
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return toOffering((await offeringsQuery(db).where('o.id', '=', row.id).executeTakeFirstOrThrow()));
}

/**
 * Toggles an offering. Archiving is refused while booked meetings of it lie ahead; unarchiving is
 * refused while its tutor or its course is archived.
 */
export async function toggleOffering(db: Db, offeringId: number): Promise<Offering> {
  const offering = await offeringsQuery(db).where('o.id', '=', offeringId).executeTakeFirst();
  if (!offering) throw new Refusal('OfferingNotFound');
  if (offering.offering_archived) {
    if (offering.tutor_role === 'Archived') throw new Refusal('ArchivedTutorCannotHaveUnarchivedOfferings');
    // The course row is held until the offering is unarchived: archiving the course (catalog.ts)
    // waits, then sees this offering and is refused; or it went first, and this is refused.
    await db.transaction().execute(async (trx) => {
      const course = await trx.selectFrom('courses').select('archived').where('id', '=', offering.course_id).forShare().executeTakeFirstOrThrow();
      if (course.archived) throw new Refusal('CourseArchived');
      await trx.updateTable('offerings').set({ archived: false }).where('id', '=', offeringId).execute();
    });
    return toOffering(await offeringsQuery(db).where('o.id', '=', offeringId).executeTakeFirstOrThrow());
  } else {
    const ahead = await db
      .selectFrom('meetings as m')
      .select('m.id')
      .where('m.offering_id', '=', offeringId)
      .where('m.canceled', '=', false)
      .where(isBookedMeeting)
      .where('m.occurrence', '>', new Date(nowMs()))
      .executeTakeFirst();
    if (ahead) throw new Refusal('UpcomingMeetings');
  }
  await db.updateTable('offerings').set({ archived: !offering.offering_archived }).where('id', '=', offeringId).execute();
  return toOffering(await offeringsQuery(db).where('o.id', '=', offeringId).executeTakeFirstOrThrow());
}

/**
 * Every tutor's hours in a period, in one query. Scheduled: minutes of booked meetings (someone
 * paid or is scheduled to pay) starting in the period. Confirmed: of those, the minutes of meetings
 * with a one-line summary, which is what a tutor is paid for. Both count each meeting's paid time.
 */
export async function teamHours(db: Db, from: Date, to: Date): Promise<TutorHours[]> {
  const rows = await db
    .selectFrom('tutors as t')
    .leftJoin('meetings as m', (join) =>
      join
        .onRef('m.tutor_id', '=', 't.id')
        .on('m.canceled', '=', false)
        .on('m.occurrence', '>=', from)
        .on('m.occurrence', '<=', to)
        .on(isBookedMeeting),
    )
    .select((eb) => {
      // Each meeting's paid time (decision 022): a changed duration counts once a supervisor approves it.
      const paid = eb.fn.coalesce('m.paid_mins', 'm.duration_mins');
      return [
        't.id as tutor_id',
        eb.fn.coalesce(eb.fn.sum<number>(paid), eb.lit(0)).as('scheduled_minutes'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('m.notes', '!=', '').then(paid).else(0).end()), eb.lit(0)).as('confirmed_minutes'),
      ];
    })
    .groupBy('t.id')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ tutor_id: r.tutor_id, scheduled_minutes: Number(r.scheduled_minutes), confirmed_minutes: Number(r.confirmed_minutes) }));
}
