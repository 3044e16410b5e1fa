import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Course } from '../../../src/contract/entities.ts';
import { type CourseOption, groupCourses } from '../../../src/lib/courses.ts';
import { Select, SELECT_MENU_MAX_HEIGHT, SELECT_PAGE_SIZE } from '../../../src/ui/Select.tsx';

const courses: Course[] = [
  { id: 1, course_number: 'CS 121', course_name: 'Intro to Programming', school: 'university' },
  { id: 2, course_number: 'MATH 124', course_name: 'Calculus I', school: 'university' },
  { id: 3, course_number: 'MATH 125', course_name: 'Calculus II', school: 'university' },
];

describe('Select', () => {
  it('uses the product defaults: menu at most 300 px, pages of 5', () => {
    expect(SELECT_MENU_MAX_HEIGHT).toBe(300);
    expect(SELECT_PAGE_SIZE).toBe(5);
  });

  it('shows grouped options, filters as the user types, and reports the choice', async () => {
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="course">Course</label>
        <Select<CourseOption> inputId="course" options={groupCourses(courses)} onChange={onChange} placeholder="Select or type..." />
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'Course' });
    await userEvent.click(input);
    expect(screen.getByText('Computer Science')).toBeInTheDocument();
    expect(screen.getByText('Math')).toBeInTheDocument();
    await userEvent.type(input, 'calc');
    expect(screen.queryByText('CS 121 (Intro to Programming)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('MATH 125 (Calculus II)'));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ value: '3' }), expect.anything());
  });
});
