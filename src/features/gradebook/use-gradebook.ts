import { getCategories, getGrades } from '../../api/gradebooks.ts';
import type { ApiResult } from '../../api/http.ts';
import type { Grade, GradeCategory, Id } from '../../contract/entities.ts';
import { useRead } from '../../ui/use-read.ts';

type Lists = { categories: GradeCategory[]; grades: Grade[] };

export type GradebookData = { status: 'loading' } | ({ status: 'ready' } & Lists) | { status: 'error' };

/** The categories, then every category's grades (newest first); the first failure answers for all. */
async function readLists(gradebookId: Id): Promise<ApiResult<Lists>> {
  const categories = await getCategories(gradebookId);
  if (categories.status !== 'success') return categories;
  const lists = await Promise.all(categories.data.map((c) => getGrades(gradebookId, c.id)));
  const grades: Grade[] = [];
  for (const list of lists) {
    if (list.status !== 'success') return list;
    grades.push(...list.data);
  }
  grades.sort((a, b) => b.grade_entered_date - a.grade_entered_date || Number(b.id) - Number(a.id));
  return { status: 'success', data: { categories: categories.data, grades } };
}

/** A gradebook's categories and all their grades; `reload` fetches them again (the shown ones stay meanwhile). */
export function useGradebookData(gradebookId: Id): [GradebookData, () => void] {
  const { state, reload } = useRead<Lists>(() => readLists(gradebookId), [gradebookId]);
  return [state.status === 'ready' ? { status: 'ready', ...state.data } : state, reload];
}
