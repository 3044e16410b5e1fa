import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Onboarding, OnboardingProgress } from '../../../src/contract/entities.ts';
import { type OnboardingItemKey, onboardingItems } from '../../../src/contract/onboarding.ts';
import type { Db } from '../../db/db.ts';
import { toEpoch } from '../../epoch.ts';
import { Refusal } from '../refusal.ts';
import type { PhotoStore } from '../../photo-store/store.ts';

/**
 * A new tutor's onboarding (issue 25): the checklist items ticked, with who ticked each and when,
 * and whether the tutor has a photo. Supervisors keep it; unarchiving a tutor asks first when
 * something is missing (the team view's dialog).
 */

/** Where a tutor's photo may be: the uploads (the photo store), then the seed photos (demo). */
export interface PhotoPlaces {
  store: PhotoStore;
  seedDir?: string | undefined;
}

async function hasSeedPhoto(places: PhotoPlaces, tutorId: number): Promise<boolean> {
  if (!places.seedDir) return false;
  try {
    await access(path.join(places.seedDir, `${tutorId}.jpg`));
    return true;
  } catch {
    return false;
  }
}

const hasPhoto = async (places: PhotoPlaces, tutorId: number): Promise<boolean> =>
  (await places.store.version(tutorId)) !== undefined || (await hasSeedPhoto(places, tutorId));

export async function onboardingOf(db: Db, photos: PhotoPlaces, tutorId: number): Promise<Onboarding> {
  const tutor = await db.selectFrom('tutors').select('id').where('id', '=', tutorId).executeTakeFirst();
  if (!tutor) throw new Refusal('TutorNotFound');
  const rows = await db
    .selectFrom('tutor_onboarding as o')
    .innerJoin('tutors as t', 't.id', 'o.done_by')
    .select(['o.item', 'o.done_at', 't.id as by_id', 't.name as by_name'])
    .where('o.tutor_id', '=', tutorId)
    .execute();
  return {
    tutor_id: tutorId,
    items: onboardingItems.map(({ key }) => {
      const row = rows.find((r) => r.item === key);
      return { item: key, done: row ? { by: { id: row.by_id, name: row.by_name }, epoch: toEpoch(row.done_at) } : null };
    }),
    has_photo: await hasPhoto(photos, tutorId),
  };
}

/** Ticks (or unticks) one item; ticking again keeps who ticked it first. */
export async function setOnboardingItem(db: Db, input: { tutorId: number; item: OnboardingItemKey; done: boolean; by: number; at: Date }): Promise<void> {
  const tutor = await db.selectFrom('tutors').select('id').where('id', '=', input.tutorId).executeTakeFirst();
  if (!tutor) throw new Refusal('TutorNotFound');
  if (!input.done) {
    await db.deleteFrom('tutor_onboarding').where('tutor_id', '=', input.tutorId).where('item', '=', input.item).execute();
    return;
  }
  await db
    .insertInto('tutor_onboarding')
    .values({ tutor_id: input.tutorId, item: input.item, done_by: input.by, done_at: input.at })
    .onConflict((oc) => oc.columns(['tutor_id', 'item']).doNothing())
    .execute();
}

/** Every tutor's progress, for the team cards. */
export async function teamOnboarding(db: Db, photos: PhotoPlaces): Promise<OnboardingProgress[]> {
  const tutors = await db
    .selectFrom('tutors as t')
    .leftJoin('tutor_onboarding as o', 'o.tutor_id', 't.id')
    .select((eb) => ['t.id', eb.fn.count<number>('o.item').as('done')])
    .groupBy('t.id')
    .orderBy('t.id')
    .execute();
  // One listing of the store for the whole team, not a look per tutor.
  const uploaded = new Set(await photos.store.tutorIds());
  return Promise.all(
    tutors.map(async (t) => ({ tutor_id: t.id, done: Number(t.done), total: onboardingItems.length, has_photo: uploaded.has(t.id) || (await hasSeedPhoto(photos, t.id)) })),
  );
}
