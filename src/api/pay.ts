import type { Id, PayRate, TutorHoursReport } from '../contract/entities.ts';
import { request, segment } from './http.ts';

const tutorPath = (tutorId: Id | 'myself') => `/api/tutors/${segment(tutorId)}`;

/** The tutor's hours and pay for the pay period holding `day` (YYYY-MM-DD, the site's zone; today's when absent). */
export const getTutorHours = (tutorId: Id | 'myself', day?: string) => request<TutorHoursReport>('GET', `${tutorPath(tutorId)}/hours`, { query: { day } });
/** The tutor's hourly rates, the one taking effect last first. */
export const getPayRates = (tutorId: Id | 'myself') => request<PayRate[]>('GET', `${tutorPath(tutorId)}/rates`);
/** A supervisor sets another tutor's hourly rate from a day on. */
export const setPayRate = (tutorId: Id, hourlyRateCents: number, effectiveDay: string) =>
  request<PayRate>('POST', `${tutorPath(tutorId)}/rates`, { form: { hourly_rate_cents: hourlyRateCents, effective_day: effectiveDay } });
