import { describe, expect, it } from 'vitest';
import type { Course } from '../../../src/contract/entities.ts';
import { formOptions, framePath, ignoredOptions, INITIAL_FORM, pickerColour, schoolCourseNumbers, typedOriginProblem, zoneChoices } from '../../../src/features/embed/embed-model.ts';

describe('the Embed form', () => {
  it('leaves out what is left at its default, and a course without its school', () => {
    expect(formOptions(INITIAL_FORM)).toEqual({});
    expect(framePath({})).toBe('/embed/booking');
    expect(formOptions({ ...INITIAL_FORM, course: 'CS 121', accent: '  ', radius: ' 8px ' })).toEqual({ radius: '8px' });
    expect(formOptions({ ...INITIAL_FORM, school: 'highschool', course: 'APCS A', hostFont: true, zone: 'America/Chicago', mode: 'popup' })).toEqual({
      school: 'highschool',
      course: 'APCS A',
      font: 'inherit',
      zone: 'America/Chicago',
    });
  });

  it('gives the colour picker a #rrggbb colour: the typed one, #rgb widened, else our blue', () => {
    expect(pickerColour('#AA3300')).toBe('#aa3300');
    expect(pickerColour('#a30')).toBe('#aa3300');
    expect(pickerColour('teal')).toBe('#1d4ed8');
    expect(pickerColour('')).toBe('#1d4ed8');
  });

  it('names the options the frame would leave out, as the frame checks them', () => {
    const supports = (property: string, value: string) => (property === 'color' ? value !== 'blurple' : /^\d+(px|rem)$/.test(value) || value === 'inherit');
    expect(ignoredOptions({ accent: 'blurple', radius: 'round', font: 'inherit', zone: 'Mars/Olympus' }, supports)).toEqual(['accent', 'radius', 'zone']);
    expect(ignoredOptions({ school: 'university', course: 'CS 121', accent: 'teal', radius: '10px', zone: 'America/Los_Angeles' }, supports)).toEqual([]);
  });

  it("lists a school's course numbers once each, in order; none without a school", () => {
    const courses: Course[] = [
      { id: 1, course_number: 'MATH 125', course_name: 'Calculus II', school: 'university' },
      { id: 2, course_number: 'MATH 98', course_name: 'Intermediate Algebra', school: 'university' },
      { id: 3, course_number: 'MATH 98', course_name: 'Intermediate Algebra (again)', school: 'university' },
      { id: 4, course_number: 'ALG 1', course_name: 'Algebra 1', school: 'highschool' },
    ];
    expect(schoolCourseNumbers(courses, 'university')).toEqual(['MATH 98', 'MATH 125']);
    expect(schoolCourseNumbers(courses, 'highschool')).toEqual(['ALG 1']);
    expect(schoolCourseNumbers(courses, '')).toEqual([]);
  });

  it("offers the campus's zone first, once", () => {
    const zones = zoneChoices();
    expect(zones[0]).toBe('America/Los_Angeles');
    expect(zones.filter((zone) => zone === 'America/Los_Angeles')).toHaveLength(1);
    expect(zones).toContain('Europe/Paris');
  });

  it('checks a typed address only for being there and not listed already (the server checks the rest)', () => {
    expect(typedOriginProblem('  ', [])).toBe("Please enter a site's address, like https://www.example.org.");
    expect(typedOriginProblem('https://Club.example.org/', ['https://club.example.org'])).toBe('https://Club.example.org/ is on the list already.');
    expect(typedOriginProblem('club.example.org/path', ['https://club.example.org'])).toBeNull();
  });
});
