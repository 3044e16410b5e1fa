import type { GradeCategory } from '../../contract/entities.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { toHundredths, weightsAreComplete } from '../../lib/grades.ts';

export interface GradeDraft {
  name: string;
  earned: string;
  total: string;
  categoryId: string | null;
  /** yyyy-mm-dd from the date input. */
  due: string;
}

/** Spec 2 §5 "Add grade", checked in this order; null when the grade can be sent. */
export function gradeError(draft: GradeDraft, gradesLoaded: boolean): string | null {
  if (!gradesLoaded) return 'Please wait, loading existing grades';
  if (!draft.name.trim()) return 'Please enter an assignment name';
  const total = toHundredths(draft.total);
  if (Number.isNaN(total)) return 'The total number of points must be a number';
  if (total <= 0) return 'The assignment must have a positive number of total points';
  const earned = toHundredths(draft.earned);
  if (Number.isNaN(earned)) return 'The earned number of points must be a number';
  if (earned < 0) return 'The assignment must have a non-negative number of earned points';
  if (!draft.categoryId) return 'Please select an assignment category for this grade';
  if (!draft.due) return 'Please select a due date for this assignment';
  return null;
}

export interface CategoryDraft {
  name: string;
  weight: string;
  drops: string;
}

/** Spec 2 §5 "Add category". */
export function categoryError(draft: CategoryDraft): string | null {
  if (!draft.name.trim()) return 'The category must have a name';
  const weight = draft.weight.trim() === '' ? NaN : Number(draft.weight);
  if (!Number.isFinite(weight) || weight < 0 || weight > 100) return "The grade category's weightage must be between 0 and 100";
  const drops = draft.drops.trim() === '' ? NaN : Number(draft.drops);
  if (!Number.isInteger(drops) || drops < 0) {
    return 'You must have a non-negative number of dropped assignments. If your syllabus does not "drop" any lowest grades, enter 0';
  }
  return null;
}

/** Spec 2 §5 "Setup Done". */
export function setupError(categories: GradeCategory[]): string | null {
  if (categories.length === 0) return 'Use the form to input at least one category';
  if (!weightsAreComplete(categories)) return 'The weights of each category must add up to 100%. Are you sure you entered all the categories from your syllabus?';
  return null;
}

const NETWORK_MESSAGE = "Couldn't contact server. Try again later.";

/** Spec 2 §8 "Grade creation" (`null`: the server could not be reached). */
export function gradeCreationMessage(type: string | null): string {
  return type === null ? NETWORK_MESSAGE : errorMessage({ type }, 'gradeCreation');
}

/** Spec 2 §8 "Gradebook archive". */
export function archiveMessage(type: string | null): string {
  return type === null ? NETWORK_MESSAGE : errorMessage({ type }, 'gradebookArchive');
}

/** A yyyy-mm-dd date as epoch seconds (noon local time, so the day survives time zones). */
export function dateToEpoch(date: string): number {
  return Math.floor(new Date(`${date}T12:00:00`).getTime() / 1000);
}
