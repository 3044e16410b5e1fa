import type { Context } from 'hono';
import { embedOriginsInput } from '../../src/contract/schemas.ts';
import { now } from '../clock.ts';
import type { EmbedOriginsStore } from '../domain/embed-origins.ts';
import { Refusal } from '../domain/refusal.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { requireSupervisor } from '../http/sign-in.ts';
import { parseFields, parseForm } from '../http/validate.ts';

/**
 * The body of PUT /api/embed/origins: JSON (`{"origins": [...]}`), or a form whose `origins` field
 * holds one origin per line, as the other supervisor calls take forms.
 */
async function readOrigins(c: Context) {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return parseForm(c, embedOriginsInput);
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal('BadInput', { fields: { _: 'Expected a JSON object' } });
  return parseFields(embedOriginsInput, body as Record<string, unknown>);
}

/**
 * The sites allowed to embed the booking widget (docs/contract-extensions.md), a supervisor's
 * list. A change reaches the embed page's frame-ancestors on this instance at once and on the
 * others within the cache's TTL at most (server/cache/embed-origins.ts).
 */
export function embedRoutes(store: EmbedOriginsStore) {
  const app = router();

  app.get('/embed/origins', async (c) => {
    requireSupervisor(c);
    return ok(c, { origins: await store.list() });
  });

  app.put('/embed/origins', async (c) => {
    const supervisor = requireSupervisor(c);
    const { origins } = await readOrigins(c);
    return ok(c, await store.replace(origins, supervisor.tutorId, now()));
  });

  return app;
}
