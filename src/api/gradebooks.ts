import type { Gradebook, Grade, GradeCategory, Id, TutorGradebook } from '../contract/entities.ts';
import type { CategoryCreateInput, GradeCreateInput } from '../contract/schemas.ts';
import { request, segment } from './http.ts';

const categoriesPath = (gradebookId: Id) => `/api/gradebooks/${segment(gradebookId)}/categories`;
const gradesPath = (gradebookId: Id, categoryId: Id) => `${categoriesPath(gradebookId)}/${segment(categoryId)}/grades`;

export const getCategories = (gradebookId: Id) => request<GradeCategory[]>('GET', categoriesPath(gradebookId));
export const createCategory = (gradebookId: Id, input: CategoryCreateInput) =>
  request<GradeCategory>('POST', categoriesPath(gradebookId), { form: input });
export const deleteCategory = (gradebookId: Id, categoryId: Id) =>
  request<{ id: Id }>('DELETE', `${categoriesPath(gradebookId)}/${segment(categoryId)}`);
export const getGrades = (gradebookId: Id, categoryId: Id) => request<Grade[]>('GET', gradesPath(gradebookId, categoryId));
export const createGrade = (gradebookId: Id, categoryId: Id, input: GradeCreateInput) =>
  request<Grade>('POST', gradesPath(gradebookId, categoryId), { form: input });
export const deleteGrade = (gradebookId: Id, categoryId: Id, gradeId: Id) =>
  request<{ id: Id }>('DELETE', `${gradesPath(gradebookId, categoryId)}/${segment(gradeId)}`);
/** Waiving the guarantee archives the gradebook. */
export const archiveGradebook = (gradebookId: Id) =>
  request<Gradebook>('POST', `/api/gradebooks/${segment(gradebookId)}/archive`);
export const getTutorGradebooks = (tutorId: Id | 'myself', showAll: boolean) =>
  request<TutorGradebook[]>('GET', `/api/tutors/${segment(tutorId)}/gradebooks`, { query: { show_all: showAll } });
