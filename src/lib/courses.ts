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
