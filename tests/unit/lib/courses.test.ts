import { describe, expect, it } from 'vitest';
import type { Course } from '../../../src/contract/entities.ts';
import { courseLabel, courseSubject, findCourse, groupCourses } from '../../../src/lib/courses.ts';

const course = (id: number, course_number: string, course_name = 'Name'): Course => ({ id, course_number, course_name, school: 'university' });

describe('courseSubject', () => {
  it.each([
    ['CS 121', 'Computer Science'],
    ['APCS A', 'Computer Science'],
    ['cs 311', 'Computer Science'],
    ['MATH 124', 'Math'],
    ['APCALC BC', 'Math'],
    ['APSTAT', 'Math'],
    ['IT 101', 'Information Technology (IT)'],
    ['PHYS 121', 'Physics'],
    ['CHEM 142', 'Other'],
    ['CSE 142', 'Other'],
    ['', 'Other'],
  ])('%s → %s', (number, subject) => {
    expect(courseSubject(number)).toBe(subject);
  });
});

describe('groupCourses', () => {
  it('groups by subject in a fixed order, sorts each group by the number part, and labels NUMBER (NAME)', () => {
    const groups = groupCourses([
      course(1, 'MATH 125', 'Calculus II'),
      course(2, 'CS 311', 'Data Structures'),
      course(3, 'CHEM 142', 'Chemistry'),
      course(4, 'CS 121', 'Intro'),
      course(5, 'MATH 98', 'Intermediate Algebra'),
      course(6, 'PHYS 121', 'Mechanics'),
      course(7, 'APCS A', 'AP CS A'),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Computer Science', 'Math', 'Physics', 'Other']);
    expect(groups[0]!.options.map((o) => o.label)).toEqual(['APCS A (AP CS A)', 'CS 121 (Intro)', 'CS 311 (Data Structures)']);
    expect(groups[1]!.options.map((o) => o.value)).toEqual(['5', '1']);
    expect(groups[3]!.options[0]!.course.course_number).toBe('CHEM 142');
  });

  it('leaves out empty groups and answers nothing for no courses', () => {
    expect(groupCourses([])).toEqual([]);
    expect(groupCourses([course(1, 'IT 101')]).map((g) => g.label)).toEqual(['Information Technology (IT)']);
  });

  it('labels a course as its number and name', () => {
    expect(courseLabel({ course_number: 'CS 121', course_name: 'Intro to Programming' })).toBe('CS 121 (Intro to Programming)');
  });

  it('finds a course by id compared as a string', () => {
    const courses = [course(1, 'CS 121'), course(22, 'MATH 124')];
    expect(findCourse(courses, '22')?.course_number).toBe('MATH 124');
    expect(findCourse(courses, 22)?.course_number).toBe('MATH 124');
    expect(findCourse(courses, '3')).toBeUndefined();
    expect(findCourse(courses, null)).toBeUndefined();
  });
});
