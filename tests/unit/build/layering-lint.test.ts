// @vitest-environment node
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering that `npm run lint` enforces (eslint.config.js, README's code tour), proven on
 * files that do not exist: each probe is linted as if it lay at `file` in the tree, so its imports
 * resolve against the real folders. A forbidden import must be reported; an allowed one must not.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The rules that carry the layering; the probes break other rules (unused imports), which do not count. */
const LAYERING_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax']);

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
  // The first lint loads the config, the parsers and the resolver (seconds on a busy machine):
  // done here, so that no probe's own time limit pays for it.
  await eslint.lintText('export {};', { filePath: path.join(ROOT, 'src/lib/warm-up.ts') });
}, 60_000);

/** The layering rules that fire on `code` at `file` (relative to the repository). */
async function layeringProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const messages = result?.messages ?? [];
  // A probe that does not parse (or a path the config ignores) would prove nothing.
  expect(messages.filter((message) => message.fatal || message.ruleId === null)).toEqual([]);
  return messages.filter((message) => message.ruleId !== null && LAYERING_RULES.has(message.ruleId)).map((message) => message.ruleId ?? '');
}

const PATHS = 'import-x/no-restricted-paths';

interface Probe {
  /** What the probe does, as the test names it. */
  name: string;
  file: string;
  code: string;
}

/** Each must be reported once, by `rule`. */
const FORBIDDEN: (Probe & { rule: string })[] = [
  // A feature does not import another feature, however the path is written.
  { name: 'a feature imports a sibling feature', file: 'src/features/booking/probe.ts', code: "import { SessionsScreen } from '../sessions/SessionsScreen.tsx';", rule: PATHS },
  { name: 'a feature imports another through src/', file: 'src/features/booking/probe.ts', code: "import { SessionsScreen } from '../../features/sessions/SessionsScreen.tsx';", rule: PATHS },
  { name: 'a feature imports only a type of another', file: 'src/features/tutor/probe.ts', code: "import type { DashboardRoute } from '../dashboard/router.ts';", rule: PATHS },
  { name: 'a feature loads another lazily', file: 'src/features/tutor/probe.ts', code: "export const load = () => import('../sessions/SessionsScreen.tsx');", rule: PATHS },
  { name: 'a feature re-exports another', file: 'src/features/team/probe.ts', code: "export * from '../sessions/attendees.ts';", rule: PATHS },
  { name: 'a feature imports an island', file: 'src/features/booking/probe.ts', code: "import Booking from '../../islands/Booking.tsx';", rule: PATHS },
  // Nothing in src/ imports the server.
  { name: 'a feature imports the server', file: 'src/features/booking/probe.ts', code: "import { now } from '../../../server/clock.ts';", rule: PATHS },
  { name: 'an island imports the server', file: 'src/islands/probe.tsx', code: "import { listGalleryTutors } from '../../server/domain/team/tutors.ts';", rule: PATHS },
  { name: 'a page script imports the server', file: 'src/layouts/probe.ts', code: "import { now } from '../../server/clock.ts';", rule: PATHS },
  // Shared code imports no feature, island or server.
  { name: 'src/ui imports a feature', file: 'src/ui/probe.ts', code: "import { bookingMachine } from '../features/booking/booking-machine.ts';", rule: PATHS },
  { name: 'src/lib imports an island', file: 'src/lib/probe.ts', code: "import Booking from '../islands/Booking.tsx';", rule: PATHS },
  { name: 'src/api imports the server', file: 'src/api/probe.ts', code: "import { now } from '../../server/clock.ts';", rule: PATHS },
  { name: 'src/contract imports a feature', file: 'src/contract/probe.ts', code: "import { $router } from '../features/dashboard/router.ts';", rule: PATHS },
  { name: 'src/config imports an island', file: 'src/config/probe.ts', code: "import Booking from '../islands/Booking.tsx';", rule: PATHS },
  // The domain is testable without HTTP.
  { name: 'the domain imports server/http', file: 'server/domain/probe.ts', code: "import { ok } from '../http/envelope.ts';", rule: PATHS },
  { name: 'the domain imports a route', file: 'server/domain/probe.ts', code: "import { paymentRoutes } from '../routes/payments.ts';", rule: PATHS },
  { name: 'the domain imports server/app.ts', file: 'server/domain/probe.ts', code: "import { createApp } from '../app.ts';", rule: PATHS },
  { name: 'the domain imports hono', file: 'server/domain/probe.ts', code: "import { Hono } from 'hono';", rule: PATHS },
  { name: "the domain imports a hono type", file: 'server/domain/probe.ts', code: "import type { Context } from 'hono';", rule: PATHS },
  { name: "the domain imports hono's node server", file: 'server/domain/probe.ts', code: "import { serve } from '@hono/node-server';", rule: PATHS },
  // Routes call the domain, which reads and writes the database.
  { name: 'a route imports a value from server/db', file: 'server/routes/probe.ts', code: "import { isUniqueViolation } from '../db/errors.ts';", rule: PATHS },
  { name: "a route imports the handle's type from server/db", file: 'server/routes/probe.ts', code: "import type { Db } from '../db/db.ts';", rule: PATHS },
  { name: "a route imports the schema's types", file: 'server/routes/probe.ts', code: "import type { Database } from '../db/schema.ts';", rule: PATHS },
  { name: "a route imports kysely's sql tag", file: 'server/routes/probe.ts', code: "import { sql } from 'kysely';", rule: PATHS },
  { name: 'a route queries through the handle it holds', file: 'server/routes/probe.ts', code: "import type { Db } from '../domain/handle.ts';\nexport const rows = (db: Db) => db.selectFrom('payments').selectAll().execute();", rule: 'no-restricted-syntax' },
  { name: 'a route queries through a computed member', file: 'server/routes/probe.ts', code: "import type { Db } from '../domain/handle.ts';\nexport const rows = (db: Db) => db['selectFrom']('payments').selectAll().execute();", rule: 'no-restricted-syntax' },
  { name: 'a route queries through a template-literal member', file: 'server/routes/probe.ts', code: "import type { Db } from '../domain/handle.ts';\nexport const rows = (db: Db) => db[`selectFrom`]('payments').selectAll().execute();", rule: 'no-restricted-syntax' },
  // The server's layers (eslint.config.js SERVER_LAYERS): nothing imports a layer above its own.
  { name: 'server/db imports the start-up wiring', file: 'server/db/probe.ts', code: "import { openDatabase } from '../start/database.ts';", rule: PATHS },
  { name: 'server/db imports the caches', file: 'server/db/probe.ts', code: "import { DataChanges } from '../cache/data-changes.ts';", rule: PATHS },
  { name: 'server/db imports the domain', file: 'server/db/probe.ts', code: "import type { Refusal } from '../domain/refusal.ts';", rule: PATHS },
  { name: 'server/db imports the demo seed', file: 'server/db/probe.ts', code: "import { seedDemoData } from '../demo/seed.ts';", rule: PATHS },
  { name: 'a payment provider imports the domain', file: 'server/payments/probe.ts', code: "import { Refusal } from '../domain/refusal.ts';", rule: PATHS },
  { name: 'a domain room imports a route', file: 'server/domain/booking/probe.ts', code: "import { paymentRoutes } from '../../routes/payments.ts';", rule: PATHS },
  { name: 'a domain room imports the start-up wiring', file: 'server/domain/billing/probe.ts', code: "import { openDatabase } from '../../start/database.ts';", rule: PATHS },
  { name: 'the domain imports the job runner', file: 'server/domain/probe.ts', code: "import { startJobRunner } from '../jobs/runner.ts';", rule: PATHS },
  // Changes record events; messages follow from them (decision 024): the domain never reaches up to messages.
  { name: 'the domain imports server/notify', file: 'server/domain/probe.ts', code: "import { messagesOf } from '../notify/event-messages.ts';", rule: PATHS },
  { name: 'a domain room imports server/notify', file: 'server/domain/meetings/probe.ts', code: "import type { Sender } from '../../notify/index.ts';", rule: PATHS },
  { name: 'an event imports the domain', file: 'server/events/probe.ts', code: "import { BOOKED_STATUSES } from '../domain/booking/booked.ts';", rule: PATHS },
  { name: 'server/notify imports server/http', file: 'server/notify/probe.ts', code: "import { ok } from '../http/envelope.ts';", rule: PATHS },
  { name: 'server/notify imports a route', file: 'server/notify/probe.ts', code: "import { paymentRoutes } from '../routes/payments.ts';", rule: PATHS },
  { name: 'server/http imports a route', file: 'server/http/probe.ts', code: "import { paymentRoutes } from '../routes/payments.ts';", rule: PATHS },
  { name: 'a route imports the start-up wiring', file: 'server/routes/probe.ts', code: "import { openDatabase } from '../start/database.ts';", rule: PATHS },
  { name: 'the settings import the domain', file: 'server/config.ts', code: "import { PAY_PERIOD_DAYS } from './domain/pay/pay-periods.ts';", rule: PATHS },
  { name: 'the clock imports server/db', file: 'server/clock.ts', code: "import type { Db } from './db/db.ts';", rule: PATHS },
  { name: 'a route opens a transaction', file: 'server/routes/probe.ts', code: "import type { Db } from '../domain/handle.ts';\nexport const run = (db: Db) => db.transaction().execute(async () => {});", rule: 'no-restricted-syntax' },
  // Only src/api talks to the server.
  { name: 'a feature fetches', file: 'src/features/booking/probe.ts', code: "void fetch('/api/catalog');", rule: 'no-restricted-globals' },
  { name: 'a feature fetches through window', file: 'src/features/booking/probe.ts', code: "void window.fetch('/api/catalog');", rule: 'no-restricted-properties' },
  { name: 'a feature fetches through globalThis', file: 'src/features/booking/probe.ts', code: "void globalThis.fetch('/api/catalog');", rule: 'no-restricted-properties' },
  { name: 'an island opens an XMLHttpRequest', file: 'src/islands/probe.ts', code: 'export const request = new XMLHttpRequest();', rule: 'no-restricted-globals' },
  { name: 'src/ui sends a beacon', file: 'src/ui/probe.ts', code: "navigator.sendBeacon('/api/client-errors', '');", rule: 'no-restricted-properties' },
  // Time rules read server/clock.ts.
  { name: 'the domain reads the machine clock (new Date())', file: 'server/domain/probe.ts', code: 'export const at = new Date();', rule: 'no-restricted-syntax' },
  { name: 'a route reads the machine clock (Date.now())', file: 'server/routes/probe.ts', code: 'export const at = Date.now();', rule: 'no-restricted-syntax' },
];

/** None may be reported: one allowed import (or call) per layer. */
const ALLOWED: Probe[] = [
  { name: 'a feature imports its own folder and the shared layers', file: 'src/features/booking/probe.ts', code: ["import { bookingMachine } from './booking-machine.ts';", "import { Button } from '../../ui/Button.tsx';", "import { formatMoney } from '../../lib/money.ts';", "import { getCatalog } from '../../api/catalog.ts';", "import type { Course } from '../../contract/entities.ts';", "import { site } from '../../config/site.ts';"].join('\n') },
  { name: 'an island composes features', file: 'src/islands/probe.tsx', code: "import { BookingFlow } from '../features/booking/BookingFlow.tsx';\nimport { SessionsScreen } from '../features/sessions/SessionsScreen.tsx';" },
  { name: 'shared code imports shared code', file: 'src/ui/probe.ts', code: "import { errorMessage } from '../lib/error-messages.ts';\nimport { reportClientError } from '../api/client-errors.ts';" },
  { name: 'src/api fetches', file: 'src/api/probe.ts', code: "void fetch('/api/catalog');" },
  { name: 'the server imports the contract', file: 'server/http/probe.ts', code: "import type { ErrorType } from '../../src/contract/errors.ts';" },
  { name: 'the domain imports the database, the clock and events', file: 'server/domain/probe.ts', code: "import type { Db } from '../db/db.ts';\nimport { now } from '../clock.ts';\nimport { recordEvent } from '../events/record.ts';" },
  { name: 'server/notify reads events and the domain', file: 'server/notify/probe.ts', code: "import { readEvent } from '../events/record.ts';\nimport { invite } from '../domain/calendar/ics.ts';" },
  { name: 'the domain makes a date from a time', file: 'server/domain/probe.ts', code: 'export const at = new Date(0);' },
  { name: 'a route imports the domain, server/http and hono', file: 'server/routes/probe.ts', code: "import { Hono } from 'hono';\nimport { ok } from '../http/envelope.ts';\nimport { book } from '../domain/booking/booking.ts';" },
  { name: 'the start-up wiring opens the database with the caches and the demo seed', file: 'server/start/probe.ts', code: "import { migrateToLatest } from '../db/migrations.ts';\nimport { DataChanges } from '../cache/data-changes.ts';\nimport { seedDemoData } from '../demo/seed.ts';" },
  { name: 'server/http reads the domain and messages', file: 'server/http/probe.ts', code: "import { startSignIn } from '../domain/sign-in/sign-ins.ts';\nimport { listOutbox } from '../notify/outbox.ts';" },
  { name: 'a domain room imports another room and the shared domain', file: 'server/domain/billing/probe.ts', code: "import { takeOneTime } from '../booking/booking.ts';\nimport { Refusal } from '../refusal.ts';\nimport type { Db } from '../handle.ts';" },
  { name: 'server/app.ts imports the routes', file: 'server/app-probe.ts', code: "import { Hono } from 'hono';\nimport { paymentRoutes } from './routes/payments.ts';" },
  { name: 'a route passes the handle to the domain and reads epoch seconds', file: 'server/routes/probe.ts', code: "import type { Db } from '../domain/handle.ts';\nimport { fromEpoch } from '../epoch.ts';\nimport { listOutbox } from '../notify/outbox.ts';\nexport const list = (db: Db, from: number) => listOutbox(db).then((rows) => rows.filter((row) => row.created_at >= fromEpoch(from).getTime() / 1000));" },
];

/** The relative paths a probe imports: each must exist, or the rule would skip it and prove nothing. */
const relativeImports = ({ code }: Probe) => [...code.matchAll(/'(\.\.?\/[^']+)'/g)].map((match) => match[1] ?? '');

describe('the layering lint', () => {
  it('is tried on probes whose imports all exist', () => {
    const missing = [...FORBIDDEN, ...ALLOWED].flatMap((probe) => relativeImports(probe).filter((specifier) => !existsSync(path.resolve(ROOT, path.dirname(probe.file), specifier))).map((specifier) => `${probe.file}: ${specifier}`));
    expect(missing).toEqual([]);
  });

  it.each(FORBIDDEN)('reports: $name', async ({ file, code, rule }) => {
    expect(await layeringProblems(file, code)).toEqual([rule]);
  });

  it.each(ALLOWED)('allows: $name', async ({ file, code }) => {
    expect(await layeringProblems(file, code)).toEqual([]);
  });

  /** Every route file in the tree, so a file let off the routes' rules (by a files/ignores entry) fails here. */
  const ROUTE_FILES = readdirSync(path.join(ROOT, 'server/routes')).filter((name) => name.endsWith('.ts')).map((name) => `server/routes/${name}`);

  it('finds the route files', () => {
    expect(ROUTE_FILES.length).toBeGreaterThanOrEqual(15);
  });

  it.each(ROUTE_FILES)('holds %s to the routes\' rules, and it keeps them', async (file) => {
    expect(await layeringProblems(file, "import type { Db } from '../db/db.ts';")).toEqual([PATHS]);
    expect(await layeringProblems(file, "import { sql } from 'kysely';")).toEqual([PATHS]);
    expect(await layeringProblems(file, "import type { Db } from '../domain/handle.ts';\nexport const rows = (db: Db) => db.selectFrom('payments').selectAll().execute();")).toEqual(['no-restricted-syntax']);
    const [result] = await eslint.lintFiles([path.join(ROOT, file)]);
    expect(result?.messages.filter((message) => message.ruleId !== null && LAYERING_RULES.has(message.ruleId))).toEqual([]);
  });
});
