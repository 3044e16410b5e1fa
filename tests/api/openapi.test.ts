import { Validator } from '@seriousme/openapi-schema-validator';
import { Hono } from 'hono';
import { expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { honoPath } from '../../server/http/declared.ts';
import { stripeProvider } from '../../server/payments/stripe.ts';
import type { Call } from '../../src/contract/calls/declare.ts';
import { calls } from '../../src/contract/calls/index.ts';
import { describeApi, type TestContext } from './harness.ts';

/** `METHOD /api/path` of every handler the app registered (middleware, registered for ALL, aside). */
function handlersOf(...apps: Hono[]): Set<string> {
  return new Set(apps.flatMap((app) => app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/')).map((route) => `${route.method} ${route.path}`)));
}

const declared = new Set(Object.values(calls).map((call) => `${call.method} /api${honoPath(call.path)}`));

/** Handlers without a declaration, and declarations without a handler. */
function mismatches(handlers: Set<string>) {
  return { undeclared: [...handlers].filter((route) => !declared.has(route)).sort(), unserved: [...declared].filter((route) => !handlers.has(route)).sort() };
}

/** The demo's app (with the payment stand-in's call) and a Stripe-configured one (with the webhook): together, every call. */
function bothApps(c: TestContext) {
  const stripeApp = createApiApp({
    database: c.database,
    config: { mode: 'production', siteUrl: 'https://tutors.example', logRequests: false, stripeWebhookSecret: 'whsec_test', trustProxy: 1 },
    payments: stripeProvider('sk_test_not_used', 'pk_test_not_used'),
    log: () => {},
    photos: c.photos,
  });
  return [c.app, stripeApp];
}

describeApi(
  'calls declared once',
  (ctx) => {
    it('serves every declared call, and no handler without a declaration', () => {
      expect(mismatches(handlersOf(...bothApps(ctx())))).toEqual({ undeclared: [], unserved: [] });
    });

    it('finds a handler added without a declaration, and a declaration whose handler went', () => {
      const extra = new Hono();
      extra.post('/api/tutors/:id/nickname', (c) => c.text(''));
      expect(mismatches(handlersOf(...bothApps(ctx()), extra)).undeclared).toEqual(['POST /api/tutors/:id/nickname']);
      const withoutGrades = [...handlersOf(...bothApps(ctx()))].filter((route) => !route.startsWith('POST /api/gradebooks/:id/categories/:categoryId/grades'));
      expect(mismatches(new Set(withoutGrades)).unserved).toEqual(['POST /api/gradebooks/:id/categories/:categoryId/grades']);
    });

    it('names a schema for each path parameter of each call, and only those', () => {
      for (const [name, call] of Object.entries(calls as Record<string, Call>)) {
        const inPath = [...call.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(Object.keys(call.params ?? {}).sort(), name).toEqual(inPath);
      }
    });

    it('GET /api/openapi.json is a valid OpenAPI 3.1 document listing every path the server answers', async () => {
      const answer = await ctx().client().fetch('/api/openapi.json');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      const document = (await answer.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(document.openapi).toMatch(/^3\.1\./);
      const validator = new Validator();
      const result = await validator.validate(document);
      expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
      expect(result.valid).toBe(true);
      // Every $ref names a schema the document holds.
      const text = JSON.stringify(document);
      const schemas = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
      const missing = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!).filter((name) => !(name in schemas));
      expect(missing).toEqual([]);
      const listed = new Set(Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} /api${honoPath(path)}`)));
      expect([...handlersOf(...bothApps(ctx()))].filter((route) => !listed.has(route))).toEqual([]);
    });

    it('describes the bare failures of grade creation, the photo upload and create tutor, and {type} elsewhere', async () => {
      const document = await (await ctx().client().fetch('/api/openapi.json')).json();
      const failureOf = (path: string, method: string, status: string) => JSON.stringify(document.paths[path][method].responses[status].content['application/json'].schema);
      expect(failureOf('/gradebooks/{id}/categories/{categoryId}/grades', 'post', '409')).toContain('#/components/schemas/BareFailure');
      expect(failureOf('/tutors/{id}/photo', 'post', '400')).toContain('#/components/schemas/BareFailure');
      expect(failureOf('/tutors', 'post', '409')).toContain('#/components/schemas/BareFailure');
      expect(failureOf('/gradebooks/{id}/categories', 'post', '404')).toContain('#/components/schemas/Failure"');
      expect(failureOf('/tutors/{id}/background', 'post', '404')).not.toContain('BareFailure');
    });

    it('serves the reference page: every path, no script', async () => {
      const answer = await ctx().client().fetch('/api/reference');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await answer.text();
      expect(html).not.toMatch(/<script/i);
      for (const call of Object.values(calls)) expect(html, call.path).toContain(`<code>/api${call.path}</code>`);
    });
  },
  { seed: false },
);
