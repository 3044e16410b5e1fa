import type { Course, HealthStatus, Id, Offering, Prices, PublicTutor, Tutor } from '../contract/entities.ts';
import { request, segment } from './http.ts';

export const getCourses = () => request<Course[]>('GET', '/api/courses');
export const getPrices = () => request<Prices>('GET', '/api/prices');
/** Public fields for anonymous users and customers; staff also get email and phone. */
export const getTutors = () => request<(Tutor | PublicTutor)[]>('GET', '/api/tutors');
/** `data` is null when there is no such tutor visible to the session. */
export const tutorPath = (tutorId: Id | 'myself') => `/api/tutors/${segment(tutorId)}`;
export const getTutor = (tutorId: Id | 'myself') => request<Tutor | null>('GET', tutorPath(tutorId));
export const getTutorOfferings = (tutorId: Id | 'myself') =>
  request<Offering[]>('GET', `/api/tutors/${segment(tutorId)}/offerings`);
export const getHealth = () => request<HealthStatus>('GET', '/api/health');
