import { z } from 'zod';
import type { Grade, GradeCategory, Gradebook, Guarantee } from '../entities.ts';
import { categoryCreateForm, gradeCreateForm, id } from '../schemas.ts';
import { declare, entity, listOf, shape } from './declare.ts';

const removed = shape(z.object({ id: z.number() }));

/** A student's gradebook with a tutor: categories of grades, grades, and waiving the guarantee (archiving it). */
export const gradebookCalls = {
  getGuarantee: declare({
    method: 'GET',
    path: '/gradebooks/{id}/guarantee',
    summary: 'The pass guarantee of the gradebook’s course: hours and classes counted, late grades, its status and why',
    access: 'signed-in',
    params: { id },
    answer: entity<Guarantee>('Guarantee'),
    errors: ['GradebookNotFound', 'NotAuthorized'],
  }),
  getCategories: declare({
    method: 'GET',
    path: '/gradebooks/{id}/categories',
    summary: 'The gradebook’s categories',
    access: 'signed-in',
    params: { id },
    answer: listOf<GradeCategory>('GradeCategory'),
    errors: ['GradebookNotFound', 'NotAuthorized'],
  }),
  createCategory: declare({
    method: 'POST',
    path: '/gradebooks/{id}/categories',
    summary: 'Adds a category',
    access: 'signed-in',
    params: { id },
    form: categoryCreateForm,
    answer: entity<GradeCategory>('GradeCategory'),
    created: true,
    errors: ['GradebookNotFound', 'NotAuthorized', 'Unauthorized'],
  }),
  deleteCategory: declare({
    method: 'DELETE',
    path: '/gradebooks/{id}/categories/{categoryId}',
    summary: 'Deletes a category and its grades',
    access: 'signed-in',
    params: { id, categoryId: id },
    answer: removed,
    errors: ['GradebookNotFound', 'CategoryNotFound', 'NotAuthorized', 'Unauthorized'],
  }),
  getGrades: declare({
    method: 'GET',
    path: '/gradebooks/{id}/categories/{categoryId}/grades',
    summary: 'The category’s grades',
    access: 'signed-in',
    params: { id, categoryId: id },
    answer: listOf<Grade>('Grade'),
    errors: ['GradebookNotFound', 'CategoryNotFound', 'NotAuthorized'],
  }),
  createGrade: declare({
    method: 'POST',
    path: '/gradebooks/{id}/categories/{categoryId}/grades',
    summary: 'Adds a grade',
    access: 'signed-in',
    params: { id, categoryId: id },
    form: gradeCreateForm,
    answer: entity<Grade>('Grade'),
    created: true,
    errors: ['GradebookNotFound', 'CategoryNotFound', 'GradeAlreadyExists', 'NotAuthorized', 'Unauthorized'],
    errorShape: 'bare',
  }),
  deleteGrade: declare({
    method: 'DELETE',
    path: '/gradebooks/{id}/categories/{categoryId}/grades/{gradeId}',
    summary: 'Deletes a grade',
    access: 'signed-in',
    params: { id, categoryId: id, gradeId: id },
    answer: removed,
    errors: ['GradebookNotFound', 'CategoryNotFound', 'GradeNotFound', 'NotAuthorized', 'Unauthorized'],
  }),
  archiveGradebook: declare({
    method: 'POST',
    path: '/gradebooks/{id}/archive',
    summary: 'Waives the guarantee: archives the gradebook',
    access: 'signed-in',
    params: { id },
    answer: entity<Gradebook>('Gradebook'),
    errors: ['GradebookNotFound', 'NotAuthorized', 'Unauthorized'],
  }),
};
