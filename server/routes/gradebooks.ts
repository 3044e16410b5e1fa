import { categoryCreateForm, gradeCreateForm, id } from '../../src/contract/schemas.ts';
import type { Db } from '../domain/handle.ts';
import { addCategory, addGrade, archiveGradebook, deleteCategory, deleteGrade, listCategories, listGrades } from '../domain/grades.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireAuth } from '../http/sign-in.ts';
import { parseForm, parseParam } from '../http/validate.ts';

/** Categories, grades and the archive of one gradebook; the domain checks the sign-in may use it (grades.ts). */
export function gradebookRoutes(db: Db) {
  const app = router();

  app.get('/gradebooks/:id/categories', async (c) => ok(c, await listCategories(db, requireAuth(c), parseParam(c, 'id', id))));

  app.post('/gradebooks/:id/categories', async (c) =>
    ok(c, await addCategory(db, requireAuth(c), parseParam(c, 'id', id), () => parseForm(c, categoryCreateForm)), 201),
  );

  app.delete('/gradebooks/:id/categories/:categoryId', async (c) =>
    ok(c, { id: await deleteCategory(db, requireAuth(c), parseParam(c, 'id', id), parseParam(c, 'categoryId', id)) }),
  );

  app.get('/gradebooks/:id/categories/:categoryId/grades', async (c) =>
    ok(c, await listGrades(db, requireAuth(c), parseParam(c, 'id', id), parseParam(c, 'categoryId', id))),
  );

  app.post('/gradebooks/:id/categories/:categoryId/grades', async (c) =>
    ok(c, await addGrade(db, requireAuth(c), parseParam(c, 'id', id), parseParam(c, 'categoryId', id), () => parseForm(c, gradeCreateForm)), 201),
  );

  app.delete('/gradebooks/:id/categories/:categoryId/grades/:gradeId', async (c) =>
    ok(c, { id: await deleteGrade(db, requireAuth(c), parseParam(c, 'id', id), parseParam(c, 'categoryId', id), parseParam(c, 'gradeId', id)) }),
  );

  app.post('/gradebooks/:id/archive', async (c) => ok(c, await archiveGradebook(db, requireAuth(c), parseParam(c, 'id', id))));

  return app;
}
