import { gradebookCalls as calls } from '../../src/contract/calls/gradebooks.ts';
import { addCategory, addGrade, archiveGradebook, deleteCategory, deleteGrade, listCategories, listGrades } from '../domain/gradebooks/grades.ts';
import { gradebookGuarantee } from '../domain/gradebooks/guarantee.ts';
import { claimGuarantee } from '../domain/gradebooks/guarantee-claims.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireAuth, requireCustomer } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/**
 * Categories, grades and the archive of one gradebook; the domain checks the sign-in may use it
 * (grades.ts). Grade creation answers its refusals as the spec's client reads them (declared
 * `errorShape: 'bare'`).
 */
export function gradebookRoutes({ db }: RouteDeps) {
  const app = router();

  serve(app, calls.getGuarantee, async (c, input) => input.answer(await gradebookGuarantee(db, requireAuth(c), input.param('id'))));

  serve(app, calls.claimGuarantee, async (c, input) => {
    const { customerId } = requireCustomer(c);
    const { final_grade } = await input.form();
    return input.answer(await claimGuarantee(db, customerId, input.param('id'), final_grade));
  });

  serve(app, calls.getCategories, async (c, input) => input.answer(await listCategories(db, requireAuth(c), input.param('id'))));

  serve(app, calls.createCategory, async (c, input) => input.answer(await addCategory(db, requireAuth(c), input.param('id'), () => input.form())));

  serve(app, calls.deleteCategory, async (c, input) =>
    input.answer({ id: await deleteCategory(db, requireAuth(c), input.param('id'), input.param('categoryId')) }),
  );

  serve(app, calls.getGrades, async (c, input) => input.answer(await listGrades(db, requireAuth(c), input.param('id'), input.param('categoryId'))));

  serve(app, calls.createGrade, async (c, input) =>
    input.answer(await addGrade(db, requireAuth(c), input.param('id'), input.param('categoryId'), () => input.form())),
  );

  serve(app, calls.deleteGrade, async (c, input) =>
    input.answer({ id: await deleteGrade(db, requireAuth(c), input.param('id'), input.param('categoryId'), input.param('gradeId')) }),
  );

  serve(app, calls.archiveGradebook, async (c, input) => input.answer(await archiveGradebook(db, requireAuth(c), input.param('id'))));

  return app;
}
