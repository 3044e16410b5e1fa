import type { Course, HourPackage, Id } from '../contract/entities.ts';
import { type ApiResult, segment, send } from './http.ts';

export const getCourses = () => send('GET /courses') as Promise<ApiResult<Course[]>>;
export const getPrices = () => send('GET /prices');
/** Public fields for anonymous users and customers; staff also get email and phone. */
export const getTutors = () => send('GET /tutors');
/** `data` is null when there is no such tutor visible to the session. */
export const tutorPath = (tutorId: Id | 'myself') => `/api/tutors/${segment(tutorId)}`;
export const getTutor = (tutorId: Id | 'myself') => send('GET /tutors/{id}', { params: { id: tutorId } });
export const getTutorOfferings = (tutorId: Id | 'myself') =>
  send('GET /tutors/{id}/offerings', { params: { id: tutorId } });
export const getHealth = () => send('GET /health');
/** The hour packages on sale (the public list). */
export const getPackagesOnSale = () => send('GET /packages') as Promise<ApiResult<HourPackage[]>>;
