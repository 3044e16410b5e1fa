import type { Context } from 'hono';
import { catalogCalls as calls } from '../../src/contract/calls/catalog.ts';
import { now } from '../clock.ts';
import { Refusal } from '../domain/refusal.ts';
import { serve, type DeclaredInput } from '../http/declared.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import type { RouteDeps } from './deps.ts';

/**
 * The body of PUT /api/embed/origins: JSON (`{"origins": [...]}`), or a form whose `origins` field
 * holds one origin per line, as the other supervisor calls take forms.
 */
async function readOrigins(c: Context, input: DeclaredInput<typeof calls.putEmbedOrigins>) {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return input.form();
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal('BadInput', { fields: { _: 'Expected a JSON object' } });
  return input.fields(body as Record<string, unknown>);
}

/**
 * The sites allowed to embed the booking widget (docs/contract-extensions.md), a supervisor's
 * list. A change reaches the embed page's frame-ancestors on this instance at once and on the
 * others within the cache's TTL at most (server/cache/embed-origins.ts).
 */
export function embedRoutes({ embedOrigins: store }: RouteDeps) {
  const app = router();

  serve(app, calls.getEmbedOrigins, async (c, input) => {
    requireSupervisor(c);
    return input.answer({ origins: await store.list() });
  });

  serve(app, calls.putEmbedOrigins, async (c, input) => {
    const supervisor = requireSupervisor(c);
    const { origins } = await readOrigins(c, input);
    return input.answer(await store.replace(origins, supervisor.tutorId, now()));
  });

  return app;
}
