import { describe, expect, it } from 'vitest';
import { archiveMessage, categoryError, dateToEpoch, gradeCreationMessage, gradeError, setupError } from '../../../src/features/gradebook/validation.ts';

const good = { name: 'HW 1', earned: '18.5', total: '20', categoryId: '3', due: '2026-11-20' };

describe('add grade validation, in the spec order', () => {
  it.each([
    [{ ...good }, false, 'Please wait, loading existing grades'],
    [{ ...good, name: '  ', total: 'x' }, true, 'Please enter an assignment name'],
    [{ ...good, total: 'ten', earned: 'x' }, true, 'The total number of points must be a number'],
    [{ ...good, total: '', earned: 'x' }, true, 'The total number of points must be a number'],
    [{ ...good, total: '0', earned: 'x' }, true, 'The assignment must have a positive number of total points'],
    [{ ...good, total: '-5' }, true, 'The assignment must have a positive number of total points'],
    [{ ...good, earned: 'abc', categoryId: null }, true, 'The earned number of points must be a number'],
    [{ ...good, earned: '-1', categoryId: null }, true, 'The assignment must have a non-negative number of earned points'],
    [{ ...good, categoryId: null, due: '' }, true, 'Please select an assignment category for this grade'],
    [{ ...good, due: '' }, true, 'Please select a due date for this assignment'],
  ])('%o → %s', (draft, loaded, message) => {
    expect(gradeError(draft, loaded)).toBe(message);
  });

  it('accepts a complete grade, including zero earned points and more than the total', () => {
    expect(gradeError(good, true)).toBeNull();
    expect(gradeError({ ...good, earned: '0' }, true)).toBeNull();
    expect(gradeError({ ...good, earned: '22' }, true)).toBeNull();
  });
});

describe('category validation', () => {
  it('checks name, weight 0–100 and non-negative whole drops', () => {
    expect(categoryError({ name: '', weight: '10', drops: '0' })).toBe('The category must have a name');
    expect(categoryError({ name: 'HW', weight: '101', drops: '0' })).toBe("The grade category's weightage must be between 0 and 100");
    expect(categoryError({ name: 'HW', weight: '', drops: '0' })).toBe("The grade category's weightage must be between 0 and 100");
    expect(categoryError({ name: 'HW', weight: '-1', drops: '0' })).toBe("The grade category's weightage must be between 0 and 100");
    expect(categoryError({ name: 'HW', weight: '40', drops: '-1' })).toBe(
      'You must have a non-negative number of dropped assignments. If your syllabus does not "drop" any lowest grades, enter 0',
    );
    expect(categoryError({ name: 'HW', weight: '40', drops: '' })).toContain('non-negative number of dropped');
    expect(categoryError({ name: 'HW', weight: '0', drops: '0' })).toBeNull();
    expect(categoryError({ name: 'HW', weight: '100', drops: '2' })).toBeNull();
  });
});

describe('setup done', () => {
  const category = (weight: number) => ({ id: 1, category_name: 'C', weight_percent: weight, drops: 0 });
  it('needs a category and weights adding to 98–101', () => {
    expect(setupError([])).toBe('Use the form to input at least one category');
    expect(setupError([category(50), category(40)])).toBe(
      'The weights of each category must add up to 100%. Are you sure you entered all the categories from your syllabus?',
    );
    expect(setupError([category(50), category(48)])).toBeNull();
    expect(setupError([category(60), category(42)])).not.toBeNull();
  });
});

describe('error messages of spec 2 §8', () => {
  it('names grade creation errors', () => {
    expect(gradeCreationMessage('GradeAlreadyExists')).toBe('A grade with this name already exists, please try a different assignment name');
    expect(gradeCreationMessage('DBError')).toBe('Internal Server Error');
    expect(gradeCreationMessage('CategoryNotFound')).toBe('The selected grade category no longer exists. Please refresh and try agian');
    expect(gradeCreationMessage('GradebookNotFound')).toBe('This gradebook no longer exists. Please refresh and try agian');
    expect(gradeCreationMessage(null)).toBe("Couldn't contact server. Try again later.");
    expect(gradeCreationMessage('Unauthorized')).toBe('Your account cannot do this. Please log in with the right account.');
    expect(gradeCreationMessage('SomethingNew')).toBe('SomethingNew');
  });

  it('names archive errors', () => {
    expect(archiveMessage('DBError')).toBe('Internal Server Error');
    expect(archiveMessage('Unauthorized')).toBe('Insufficient Permissions');
    expect(archiveMessage('GradebookNotFound')).toBe('This gradebook does not exist. Please contact support or try agian later');
  });

  it('reads a date input as noon local time', () => {
    expect(new Date(dateToEpoch('2026-11-20') * 1000).getDate()).toBe(20);
  });
});
