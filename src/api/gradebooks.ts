import type { Id } from '../contract/entities.ts';
import type { CategoryCreateInput, GradeCreateInput } from '../contract/schemas.ts';
import { send } from './http.ts';

/** The pass guarantee of the gradebook's course: hours counted, late grades, its status and why. */
export const getGuarantee = (gradebookId: Id) => send('GET /gradebooks/{id}/guarantee', { params: { id: gradebookId } });
/** The student claims the pass guarantee, with their final grade. */
export const claimGuarantee = (gradebookId: Id, finalGrade: string) => send('POST /gradebooks/{id}/guarantee/claim', { params: { id: gradebookId }, form: { final_grade: finalGrade } });
/** Supervisors: the claims of the pass guarantee, newest first. */
export const getClaims = () => send('GET /guarantee-claims');
/** Supervisors: approve a claim (the course's payments are refunded). */
export const approveClaim = (claimId: Id) => send('POST /guarantee-claims/{id}/approve', { params: { id: claimId } });
/** Supervisors: decline a claim, saying why. */
export const declineClaim = (claimId: Id, reason: string) => send('POST /guarantee-claims/{id}/decline', { params: { id: claimId }, form: { reason } });
export const getCategories = (gradebookId: Id) => send('GET /gradebooks/{id}/categories', { params: { id: gradebookId } });
export const createCategory = (gradebookId: Id, input: CategoryCreateInput) =>
  send('POST /gradebooks/{id}/categories', { params: { id: gradebookId }, form: input });
export const deleteCategory = (gradebookId: Id, categoryId: Id) =>
  send('DELETE /gradebooks/{id}/categories/{categoryId}', { params: { id: gradebookId, categoryId } });
export const getGrades = (gradebookId: Id, categoryId: Id) => send('GET /gradebooks/{id}/categories/{categoryId}/grades', { params: { id: gradebookId, categoryId } });
export const createGrade = (gradebookId: Id, categoryId: Id, input: GradeCreateInput) =>
  send('POST /gradebooks/{id}/categories/{categoryId}/grades', { params: { id: gradebookId, categoryId }, form: input });
export const deleteGrade = (gradebookId: Id, categoryId: Id, gradeId: Id) =>
  send('DELETE /gradebooks/{id}/categories/{categoryId}/grades/{gradeId}', { params: { id: gradebookId, categoryId, gradeId } });
/** Waiving the guarantee archives the gradebook. */
export const archiveGradebook = (gradebookId: Id) =>
  send('POST /gradebooks/{id}/archive', { params: { id: gradebookId } });
export const getTutorGradebooks = (tutorId: Id | 'myself', showAll: boolean) =>
  send('GET /tutors/{id}/gradebooks', { params: { id: tutorId }, query: { show_all: showAll } });
