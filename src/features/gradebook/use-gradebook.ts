import { useCallback, useEffect, useState } from 'react';
import { getCategories, getGrades } from '../../api/gradebooks.ts';
import type { Grade, GradeCategory, Id } from '../../contract/entities.ts';

export type GradebookData =
  | { status: 'loading' }
  | { status: 'ready'; categories: GradeCategory[]; grades: Grade[] }
  | { status: 'error' };

/** A gradebook's categories and all their grades; `reload` fetches them again. */
export function useGradebookData(gradebookId: Id): [GradebookData, () => void] {
  const [data, setData] = useState<GradebookData>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    void (async () => {
      const categories = await getCategories(gradebookId);
      if (!current) return;
      if (categories.status !== 'success') return setData({ status: 'error' });
      const lists = await Promise.all(categories.data.map((c) => getGrades(gradebookId, c.id)));
      if (!current) return;
      if (lists.some((l) => l.status !== 'success')) return setData({ status: 'error' });
      const grades = lists.flatMap((l) => (l.status === 'success' ? l.data : []));
      grades.sort((a, b) => b.grade_entered_date - a.grade_entered_date || Number(b.id) - Number(a.id));
      setData({ status: 'ready', categories: categories.data, grades });
    })();
    return () => {
      current = false;
    };
  }, [gradebookId, version]);
  return [data, useCallback(() => setVersion((v) => v + 1), [])];
}
