import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { configureApi } from '../../src/api/http.ts';
import { createApiApp } from '../../server/app.ts';
import { type DatabaseHandle, openDatabase } from '../../server/start/database.ts';
import { seedDemoData } from '../../server/demo/seed.ts';
import { databasePhotoStore } from '../../server/photo-store/database.ts';
import type { PhotoStore } from '../../server/photo-store/store.ts';
import { type JobRunner, startJobRunner } from '../../server/jobs/runner.ts';
import { createMessenger, type Messenger } from '../../server/notify/messenger.ts';
import type { SignInFloors } from '../../server/http/even-timing.ts';
import { outboxSender } from '../../server/notify/outbox.ts';
import type { Message, Sender } from '../../server/domain/sign-in/outgoing.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases the API tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

async function freshDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'postgres') {
    // Dropped with the run's others once every file is done (global-setup.ts), never while
    // another file migrates.
    const schema = `${inject('schemaPrefix')}${randomBytes(6).toString('hex')}`;
    return openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, schema, poolSize: 25 });
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite });
}

/**
 * The sign-in floors of the suites' apps: none. The floors are about timing, which only the suites
 * that pass `realSignInFloors` (and the apps tests build with the real ones) are about; elsewhere
 * they cost 300 ms to 1 s per sign-in request and nothing else. Without a floor the answer no
 * longer waits for the message's send, so the suites' senders are awaited instead (awaitedSender).
 */
export const SUITE_SIGN_IN_FLOORS: SignInFloors = { linkMs: 0, codeMs: 0 };

/** Sends started by a suite's sender and not yet finished (see awaitedSender). */
const sendsInFlight = new Set<Promise<void>>();

/**
 * Wraps a sender so that every TestClient answer comes after the sends its request started: a
 * test reads the outbox right after asking for a link or a code, as a person reads the message
 * after the page answers.
 */
export function awaitedSender(sender: Sender): Sender {
  return {
    send(message) {
      const sending = sender.send(message);
      sendsInFlight.add(sending);
      const forget = () => void sendsInFlight.delete(sending);
      sending.then(forget, forget);
      return sending;
    },
  };
}

/**
 * The options of an app a test builds itself that is not about timing: no sign-in floors, and its
 * messages in the outbox by the time a TestClient has the answer.
 */
export function fastSignIn(database: DatabaseHandle, sender: Sender = outboxSender(database.db)): { sender: Sender; signInFloors: SignInFloors } {
  return { sender: awaitedSender(sender), signInFloors: SUITE_SIGN_IN_FLOORS };
}

/** Resolves once every send a suite's sender started has finished (for requests sent without a TestClient). */
export async function sendsSettled(): Promise<void> {
  while (sendsInFlight.size > 0) await Promise.allSettled([...sendsInFlight]);
}

let clients = 0;

/**
 * A browser-like client of the in-process app: keeps the session cookie between calls. Each
 * client comes from an address of its own (the suite's app trusts one proxy, which names it in
 * X-Forwarded-For), as different people would; set `address` to put clients behind one address.
 */
export class TestClient {
  cookies = new Map<string, string>();
  address: string;
  private readonly app: ReturnType<typeof createApiApp>;

  constructor(app: ReturnType<typeof createApiApp>) {
    this.app = app;
    clients += 1;
    this.address = `198.18.${(clients >> 8) & 255}.${clients & 255}`;
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', this.address);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const url = typeof input === 'string' && input.startsWith('/') ? `http://localhost${input}` : input;
    const response = await this.app.request(url instanceof Request ? url : String(url), { ...init, headers });
    // A send's failure is the request's (before its floor) or the app's log's to report, not this wait's.
    await sendsSettled();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
    return response;
  };

  /** Makes the typed client in src/api/ send its requests through this client. */
  use(): this {
    configureApi({ baseUrl: '', fetch: this.fetch as typeof fetch });
    return this;
  }
}

export interface TestContext {
  kind: DatabaseKind;
  database: DatabaseHandle;
  /** Where this suite's uploaded photos are kept (its database's table). */
  photos: PhotoStore;
  app: ReturnType<typeof createApiApp>;
  /**
   * The app's messages, delivered by the job queue as in production: `await notifier.settle()` once
   * the messages the calls so far owe are in the outbox; `runAll()` runs the scheduled reminders too.
   */
  notifier: Messenger;
  /** The suite's job queue (pg-boss over the suite's database). */
  jobs: JobRunner;
  /** Makes the messages' sender fail for the messages it names (a mail server down), until set back. */
  senderFault: { fails?: (message: Message) => Error | undefined };
  /** A new cookie-keeping client (a new browser). */
  client(): TestClient;
}

/**
 * Runs a suite once per database kind, each over a fresh database (seeded with the demo data
 * unless `seed: false`), with the app built in process.
 */
export function describeApi(name: string, body: (ctx: () => TestContext) => void, options: { seed?: boolean; realSignInFloors?: boolean } = {}) {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let context: TestContext | undefined;
      beforeAll(async () => {
        const database = await freshDatabase(kind);
        if (options.seed !== false) await seedDemoData(database.db);
        const photos = databasePhotoStore(database.db);
        const senderFault: TestContext['senderFault'] = {};
        const outbox = outboxSender(database.db);
        const sender: Sender = {
          async send(message) {
            const fault = senderFault.fails?.(message);
            if (fault) throw fault;
            await outbox.send(message);
          },
        };
        // Retries a second after a failed send (production: a minute), so the tests of retries wait seconds.
        const notifier = createMessenger({ db: database.db, sender, siteUrl: 'http://localhost:4321', log: () => {}, retrySeconds: 1 });
        const jobs = await startJobRunner(database.jobStore, notifier.jobs, { log: () => {}, pollingSeconds: 0.5, schedule: false });
        notifier.attach(jobs, database.changes);
        const app = createApiApp({ database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, log: () => {}, photos, ...(options.realSignInFloors ? {} : fastSignIn(database)) });
        context = { kind, database, photos, app, notifier, jobs, senderFault, client: () => new TestClient(app) };
      });
      afterAll(async () => {
        await context?.notifier.settle();
        await context?.jobs.stop(1000);
        await context?.database.close();
      });
      body(() => {
        if (!context) throw new Error('The test database is not ready');
        return context;
      });
    });
  }
}

/**
 * Signs a client in as the account with this email, straight through the session store (the
 * login calls have their own tests); returns the account's id.
 */
export async function signInAs(ctx: TestContext, client: TestClient, email: string): Promise<number> {
  const { startSignIn } = await import('../../server/domain/sign-in/sign-ins.ts');
  const { db } = ctx.database;
  const customer = await db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst();
  const tutor = await db.selectFrom('tutors').select('id').where('email', '=', email).executeTakeFirst();
  const account = customer ? { customerId: customer.id } : tutor ? { tutorId: tutor.id } : undefined;
  if (!account) throw new Error(`No demo account ${email}`);
  client.cookies.set('sid', await startSignIn(db, account));
  return customer?.id ?? tutor!.id;
}

/**
 * Sends a request through a client and reads the JSON envelope with the HTTP status. `fields`: a
 * bare failure's (grade creation, the photo upload, create tutor: CONTRACT.md) fields beside `error`.
 */
export async function call(client: TestClient, path: string, init: RequestInit = {}) {
  const response = await client.fetch(path, init);
  return { status: response.status, body: (await response.json()) as { status: string; data?: any; error?: any; fields?: any } };
}
