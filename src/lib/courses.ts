import { type SchoolId, site } from '../config/site.ts';
import type { Course, Id } from '../contract/entities.ts';

export type Subject = 'Computer Science' | 'Math' | 'Information Technology (IT)' | 'Physics' | 'Other';

/** The order the groups appear in the course select. */
export const subjectOrder: Subject[] = ['Computer Science', 'Math', 'Information Technology (IT)', 'Physics', 'Other'];

const prefixes: [RegExp, Subject][] = [
  [/^(CS|APCS)$/, 'Computer Science'],
  [/^(MATH|APCALC|APSTAT)$/, 'Math'],
  [/^IT$/, 'Information Technology (IT)'],
  [/^PHYS$/, 'Physics'],
];

/** The leading letters of a course number ("CSE 142" → "CSE", "APCS A" → "APCS", "cs311" → "CS"). */
function letters(courseNumber: string): string {
  return (courseNumber.trim().match(/^[A-Za-z]+/)?.[0] ?? '').toUpperCase();
}

/** The number part of a course number, for sorting ("MATH 124" → 124); courses without one sort first. */
export function courseNumberPart(courseNumber: string): number {
  const digits = courseNumber.match(/\d+(\.\d+)?/);
  return digits ? Number(digits[0]) : 0;
}

export function courseSubject(courseNumber: string): Subject {
  const key = letters(courseNumber);
  return prefixes.find(([pattern]) => pattern.test(key))?.[1] ?? 'Other';
}

export function courseLabel(course: Pick<Course, 'course_number' | 'course_name'>): string {
  return `${course.course_number} (${course.course_name})`;
}

export interface CourseOption {
  value: string;
  label: string;
  course: Course;
}

export interface CourseGroup {
  label: Subject;
  options: CourseOption[];
}

/** Groups courses by subject (spec 1 §3), each group sorted by the number part; empty groups are left out. */
export function groupCourses(courses: Course[]): CourseGroup[] {
  return subjectOrder
    .map((subject) => ({
      label: subject,
      options: courses
        .filter((course) => courseSubject(course.course_number) === subject)
        .sort(
          (a, b) =>
            courseNumberPart(a.course_number) - courseNumberPart(b.course_number) ||
            a.course_number.localeCompare(b.course_number),
        )
        .map((course) => ({ value: String(course.id), label: courseLabel(course), course })),
    }))
    .filter((group) => group.options.length > 0);
}

export function findCourse(courses: Course[], id: Id | null | undefined): Course | undefined {
  return id === null || id === undefined ? undefined : courses.find((course) => String(course.id) === String(id));
}

/**
 * A course number as the catalog keeps it: trimmed, inner spaces single, upper case ("cs  121 " →
 * "CS 121"), so that a course cannot be added twice by spelling its number differently.
 */
export function normalizeCourseNumber(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** A course number's characters: letters and digits, with spaces, dots, hyphens and slashes between. */
export const COURSE_NUMBER_PATTERN = /^[A-Z0-9]([A-Z0-9 ./-]*[A-Z0-9])?$/;

/** A course's name as kept: trimmed, inner runs of spaces (tabs, line breaks) one space. */
export function normalizeCourseName(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * The configured school a text names: its id ('university') or its name ('High School'), in any
 * case and spacing; undefined when it names none.
 */
export function schoolIdOf(text: string): SchoolId | undefined {
  const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return site.schools.find((s) => s.id === key || s.name.toLowerCase() === key)?.id;
}

/** A school's name for people ('High School'); an unknown one capitalized, none 'Other'. */
export function schoolName(school: string): string {
  const known = site.schools.find((s) => s.id === school);
  if (known) return known.name;
  return school ? school.charAt(0).toUpperCase() + school.slice(1) : 'Other';
}

/** Course numbers in catalog order: by their letters, then their number part ("CS 121" before "CS 311"), then as text. */
export function compareCourseNumbers(a: string, b: string): number {
  return (
    a.replace(/[\d\s.]+/g, '').localeCompare(b.replace(/[\d\s.]+/g, '')) ||
    courseNumberPart(a) - courseNumberPart(b) ||
    a.localeCompare(b)
  );
}

/**
 * Courses grouped by school: the configured schools first, in their order, then any other by id;
 * each group sorted by course number. Empty groups are left out.
 */
export function coursesBySchool<C extends Pick<Course, 'course_number' | 'school'>>(courses: C[]): { school: string; name: string; courses: C[] }[] {
  const order = site.schools.map((s) => s.id as string);
  const rank = (school: string) => (order.includes(school) ? order.indexOf(school) : order.length);
  const schools = [...new Set(courses.map((c) => c.school))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return schools.map((school) => ({
    school,
    name: schoolName(school),
    courses: courses.filter((course) => course.school === school).sort((a, b) => compareCourseNumbers(a.course_number, b.course_number)),
  }));
}
