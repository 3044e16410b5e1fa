import { catalogCalls as calls } from '../../src/contract/calls/catalog.ts';
import { sendCachedAnswer } from '../cache/answer-cache.ts';
import { now } from '../clock.ts';
import { changePrice, priceHistory, publicPricesAt } from '../domain/billing/prices.ts';
import { serve } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import { PUBLIC_CATALOG, type RouteDeps } from './deps.ts';

/** Prices: those in effect (answered from memory), and the supervisor's changes with when each took effect. */
export function priceRoutes({ db, caches }: RouteDeps) {
  const app = router();

  /** The prices in effect now; kept until a change is written, or one recorded ahead of the clock takes effect. */
  serve(app, calls.getPrices, async (c) => {
    const answer = await caches.catalog.get('prices', async () => {
      const { prices, validUntil } = await publicPricesAt(db, now());
      return { data: prices, validUntilMs: validUntil?.getTime() };
    });
    return sendCachedAnswer(c, answer, PUBLIC_CATALOG);
  });

  serve(app, calls.getPriceHistory, async (c, input) => {
    requireSupervisor(c);
    return input.answer(await priceHistory(db, now()));
  });

  serve(app, calls.changePrice, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const { frequency, capacity, price_cents } = await input.form();
    return input.answer(await changePrice(db, { frequency, capacity, cents: price_cents }, supervisor.tutorId, now()));
  });

  return app;
}
