import { catalogCalls as calls } from '../../src/contract/calls/catalog.ts';
import { sendCachedAnswer } from '../cache/answer-cache.ts';
import { now } from '../clock.ts';
import { createPackage, listCatalogPackages, listPackagesOnSale, setPackageArchived } from '../domain/catalog/packages.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import { PUBLIC_CATALOG, type RouteDeps } from './deps.ts';

/**
 * Hour packages: those on sale (answered from memory until a write changes them, as the courses
 * and prices are), and the supervisor's list with the archived ones, new packages and archiving.
 */
export function packageRoutes({ db, caches }: RouteDeps) {
  const app = router();

  serve(app, calls.getPackages, async (c, input) => {
    if (input.query().show_archived) {
      requireSupervisor(c);
      return input.answer(await listCatalogPackages(db));
    }
    const answer = await caches.catalog.get('packages', async () => ({ data: await listPackagesOnSale(db) }));
    return sendCachedAnswer(c, answer, PUBLIC_CATALOG);
  });

  serve(app, calls.createPackage, async (c, input) => {
    const supervisor = requireSupervisor(c);
    return input.answer(await createPackage(db, await input.form(), supervisor.tutorId, now()));
  });

  serve(app, calls.archivePackage, async (c, input) => {
    requireSupervisor(c);
    const { unarchive } = input.query();
    return input.answer(await setPackageArchived(db, input.param('id'), !unarchive));
  });

  return app;
}
