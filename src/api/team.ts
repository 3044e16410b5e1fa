import type { Id, MeetingWithPayments, Offering, Onboarding, OnboardingProgress, Tutor, TutorHours } from '../contract/entities.ts';
import type { OfferingCreateInput, TutorCreateInput } from '../contract/schemas.ts';
import { normalizePhone } from '../lib/phone.ts';
import { request, segment } from './http.ts';

const tutorPath = (tutorId: Id | 'myself') => `/api/tutors/${segment(tutorId)}`;

/** Creates an (archived) tutor; the phone is sent without brackets, dashes and spaces. */
export const createTutor = (input: TutorCreateInput) =>
  request<Tutor>('POST', '/api/tutors', { form: { ...input, phone: normalizePhone(input.phone) } });
export const setTutorBackground = (tutorId: Id | 'myself', background: string) =>
  request<Tutor>('POST', `${tutorPath(tutorId)}/background`, { form: { background } });
/** The body is the JPEG file itself. */
export const uploadTutorPhoto = (tutorId: Id | 'myself', photo: Blob) =>
  request<{ url: string }>('POST', `${tutorPath(tutorId)}/photo`, { body: { bytes: photo, type: 'image/jpeg' } });
export const archiveTutor = (tutorId: Id | 'myself', unarchive: boolean) =>
  request<Tutor>('POST', `${tutorPath(tutorId)}/archive`, { query: { unarchive } });
export const createOffering = (input: OfferingCreateInput) => request<Offering>('POST', '/api/offerings', { form: input });
/** Toggles the offering between archived and unarchived. */
export const archiveOffering = (offeringId: Id) => request<Offering>('POST', `/api/offerings/${segment(offeringId)}/archive`);
/** Every tutor's scheduled and confirmed minutes in the period (epoch seconds, inclusive). */
export const getTeamHours = (fromEpoch: number, toEpoch: number) => request<TutorHours[]>('GET', '/api/team/hours', { query: { from: fromEpoch, to: toEpoch } });
/**
 * Sessions that took place, across all tutors, newest first (the supervisor's Summaries). `after`
 * is the last meeting shown (its start and id: several sessions often start at the same time), to
 * page back from it.
 */
export const getRecentSessions = (after?: { occurrence_epoch: number; id: Id }, limit = 50) =>
  request<MeetingWithPayments[]>('GET', '/api/meetings/recent', { query: { before: after?.occurrence_epoch, before_id: after?.id, limit } });
/** A tutor's onboarding checklist (who ticked each item, and when) and whether they have a photo. */
export const getOnboarding = (tutorId: Id) => request<Onboarding>('GET', `${tutorPath(tutorId)}/onboarding`);
/** Ticks or unticks one onboarding item; answers the checklist as it is then. */
export const setOnboardingItem = (tutorId: Id, item: string, done: boolean) =>
  request<Onboarding>('POST', `${tutorPath(tutorId)}/onboarding`, { form: { item, done } });
/** Every tutor's onboarding progress, for the team cards. */
export const getTeamOnboarding = () => request<OnboardingProgress[]>('GET', '/api/team/onboarding');
