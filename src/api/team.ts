import type { Id } from '../contract/entities.ts';
import type { OfferingCreateInput, TutorCreateInput } from '../contract/schemas.ts';
import { normalizePhone } from '../lib/phone.ts';
import { send } from './http.ts';

/** Creates an (archived) tutor; the phone is sent without brackets, dashes and spaces. */
export const createTutor = (input: TutorCreateInput) =>
  send('POST /tutors', { form: { ...input, phone: normalizePhone(input.phone) } });
export const setTutorBackground = (tutorId: Id | 'myself', background: string) =>
  send('POST /tutors/{id}/background', { params: { id: tutorId }, form: { background } });
/** The body is the JPEG file itself. */
export const uploadTutorPhoto = (tutorId: Id | 'myself', photo: Blob) =>
  send('POST /tutors/{id}/photo', { params: { id: tutorId }, body: { bytes: photo, type: 'image/jpeg' } });
export const archiveTutor = (tutorId: Id | 'myself', unarchive: boolean) =>
  send('POST /tutors/{id}/archive', { params: { id: tutorId }, query: { unarchive } });
export const createOffering = (input: OfferingCreateInput) => send('POST /offerings', { form: input });
/** Toggles the offering between archived and unarchived. */
export const archiveOffering = (offeringId: Id) => send('POST /offerings/{id}/archive', { params: { id: offeringId } });
/** Every tutor's scheduled and confirmed minutes in the period (epoch seconds, inclusive). */
export const getTeamHours = (fromEpoch: number, toEpoch: number) => send('GET /team/hours', { query: { from: fromEpoch, to: toEpoch } });
/**
 * Sessions that took place, across all tutors, newest first (the supervisor's Summaries). `after`
 * is the last meeting shown (its start and id: several sessions often start at the same time), to
 * page back from it.
 */
export const getRecentSessions = (after?: { occurrence_epoch: number; id: Id }, limit = 50) =>
  send('GET /meetings/recent', { query: { before: after?.occurrence_epoch, before_id: after?.id, limit } });
/** A tutor's onboarding checklist (who ticked each item, and when) and whether they have a photo. */
export const getOnboarding = (tutorId: Id) => send('GET /tutors/{id}/onboarding', { params: { id: tutorId } });
/** Ticks or unticks one onboarding item; answers the checklist as it is then. */
export const setOnboardingItem = (tutorId: Id, item: string, done: boolean) =>
  send('POST /tutors/{id}/onboarding', { params: { id: tutorId }, form: { item, done } });
/** Every tutor's onboarding progress, for the team cards. */
export const getTeamOnboarding = () => send('GET /team/onboarding');
