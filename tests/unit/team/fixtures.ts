import type { Course, Offering, Tutor } from '../../../src/contract/entities.ts';
import { $auth } from '../../../src/api/auth-state.ts';

export const tutor = (id: number, extra: Partial<Tutor> = {}): Tutor => ({
  id,
  name: `Tutor ${id}`,
  email: `t${id}@beacontutoring.com`,
  phone: '2065550100',
  role: 'Tutor',
  background: '',
  ...extra,
});

export const maya = tutor(5, { name: 'Maya Chen', role: 'Supervisor', phone: '2065550105', email: 'maya@beacontutoring.com' });
export const sam = tutor(7, { name: 'Sam Lee' });

/** The team view's viewer: Maya's session, as the page's session store holds it once known. */
export const signedInAsMaya = () => $auth.set({ state: 'signed-in', auth: { user_type: 'tutor', tutor: { id: maya.id, name: maya.name, role: 'Supervisor' } } });
export const old = tutor(9, { name: 'Olga Park', role: 'Archived' });

export const courses: Course[] = [
  { id: 1, course_number: 'MATH 124', course_name: 'Calculus I', school: 'university' },
  { id: 2, course_number: 'CS 121', course_name: 'Intro to Programming', school: 'university' },
  { id: 3, course_number: 'APCS A', course_name: 'AP Computer Science A', school: 'highschool' },
];

export const offering = (id: number, course: Course, extra: Partial<Offering> = {}): Offering => ({
  id,
  qualification: 'Got an A',
  archived: false,
  course,
  tutor: { id: 7, name: 'Sam Lee', background: '', role: 'Tutor' },
  ...extra,
});

/** The TeamScreen's props as the island gives them. */
export const teamProps = {
  tutorId: 'myself',
  dashboardPath: (id: string) => `/tutors/${id}/dashboard/history`,
  schedulePath: '/tutors/myself/dashboard/schedule',
  ownTeamPath: '/tutors/myself/dashboard/supervisor',
};
