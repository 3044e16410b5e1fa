import { type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, TableNode, type UnknownRow } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApiApp } from '../../server/app.ts';
import { fromNow, now } from '../../server/clock.ts';
import { startSignIn } from '../../server/domain/sign-in/sign-ins.ts';
import { hashSecret, newCode, newSecret } from '../../server/domain/sign-in/tokens.ts';
import { call, describeApi, fastSignIn, TestClient, type TestContext } from './harness.ts';
import { sleep } from './race-helpers.ts';
import { maya, pinClock } from './tutor-helpers.ts';

/**
 * Archiving a tutor while their login links and texted codes are being used (security review,
 * issue 33 item 4): an archive that met ten redemptions at once left a sign-in of the archived
 * tutor, which worked again once the tutor was unarchived. Whatever order they meet in, no sign-in
 * of an archived tutor may be left.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 20);
const REDEMPTIONS = 10;

let hired = 0;
/** A tutor with nothing to keep them from being archived (no offering, nothing booked). */
async function archivableTutor(ctx: TestContext): Promise<number> {
  hired += 1;
  const row = await ctx.database.db
    .insertInto('tutors')
    .values({ name: `Race Tutor${hired}`, email: `race.tutor${hired}@beacontutoring.com`, phone: `20655522${String(hired).padStart(2, '0')}`, role: 'Tutor' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A login link of the tutor's, as sendLoginLink stores it (straight in the table: the cap on links per email is not what this is about). */
async function loginLink(ctx: TestContext, tutorId: number): Promise<string> {
  const token = newSecret();
  await ctx.database.db.insertInto('login_tokens').values({ tutor_id: tutorId, customer_id: null, token_hash: hashSecret(token), expires_at: fromNow(15 * 60_000), created_at: now() }).execute();
  return `/api/login?token=${token}`;
}

/** A texted code of the tutor's, as sendLoginCode stores it (salted hash). */
async function textedCode(ctx: TestContext, tutorId: number): Promise<string> {
  const id = newSecret(16);
  const code = newCode(7);
  const salt = newSecret(8);
  await ctx.database.db
    .insertInto('verification_codes')
    .values({ id, tutor_id: tutorId, customer_id: null, code_hash: `${salt}:${hashSecret(`${salt}:${code}`)}`, expires_at: fromNow(10 * 60_000), created_at: now() })
    .execute();
  return `/api/verification?code_id=${id}&code=${code}`;
}

/**
 * The database answers late when a browser's previous sign-in is ended (the delete of one sign-in
 * by its secret), as a slow disk would: whatever a redemption does after that runs `ms` later.
 * `reached` is called as the pause starts, so that a test acts inside it rather than after a guess
 * at how long the redemption takes to get there (a loaded machine takes longer than any guess).
 */
function slowSignOut(ms: number, reached: () => void): KyselyPlugin {
  const slow = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const table = node.kind === 'DeleteQueryNode' ? node.from.froms[0] : undefined;
      if (table && TableNode.is(table) && table.table.identifier.name === 'sessions' && JSON.stringify(node).includes('"id_hash"')) slow.add(queryId);
      return node;
    },
    async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (slow.has(queryId)) {
        reached();
        await sleep(ms);
      }
      return result;
    },
  };
}

const liveSignIns = (ctx: TestContext, tutorId: number) =>
  ctx.database.db.selectFrom('sessions').select('id_hash').where('tutor_id', '=', tutorId).where('expires_at', '>', now()).execute();

describeApi('archiving a tutor while their links and codes are used', (ctx) => {
  it(`leaves no sign-in of the archived tutor, however the archive meets ${REDEMPTIONS} redemptions at once (${ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
    const lead = await maya(ctx());
    const tutorId = await archivableTutor(ctx());
    const outcomes = { signedIn: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      expect((await call(lead.client, `/api/tutors/${tutorId}/archive?unarchive=true`, { method: 'POST' })).body.data.role).toBe('Tutor');
      // Half links, half codes, each used by a browser of its own.
      const addresses = await Promise.all(Array.from({ length: REDEMPTIONS }, (_, i) => (i % 2 ? textedCode(ctx(), tutorId) : loginLink(ctx(), tutorId))));
      const browsers: TestClient[] = addresses.map(() => ctx().client());
      // The archive starts among the redemptions, at another place each round, or a few
      // milliseconds before them all, so that it meets them at every stage of theirs.
      const redeem = (from: number, to: number) => addresses.slice(from, to).map((address, i) => call(browsers[from + i]!, address));
      const place = round % 2 ? 0 : round % REDEMPTIONS;
      const first = redeem(0, place);
      const archive = call(lead.client, `/api/tutors/${tutorId}/archive`, { method: 'POST' });
      if (round % 2) await sleep(round % 9);
      const answers = await Promise.all([...first, ...redeem(place, REDEMPTIONS)]);
      const archived = await archive;
      expect(archived.body.data?.role, JSON.stringify(archived.body)).toBe('Archived');
      for (const answer of answers) {
        // Signed in before the archive (and signed out by it), or refused after it as asking for a link is.
        if (answer.status === 200) outcomes.signedIn += 1;
        else {
          expect([answer.status, answer.body.error?.type]).toEqual([404, 'UserNotFound']);
          outcomes.refused += 1;
        }
      }
      expect(await liveSignIns(ctx(), tutorId), `round ${round}`).toEqual([]);
      // Unarchived, none of those browsers is signed in again.
      expect((await call(lead.client, `/api/tutors/${tutorId}/archive?unarchive=true`, { method: 'POST' })).body.data.role).toBe('Tutor');
      for (const browser of browsers) expect((await call(browser, '/api/checkauth')).status, `round ${round}`).toBe(401);
    }
    console.log(`archive against redemptions [${ctx().kind}]: ${JSON.stringify(outcomes)}`);
    // Both orders happened: the test met the race rather than one side of it.
    expect(outcomes.signedIn, JSON.stringify(outcomes)).toBeGreaterThan(0);
    expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
  });

  it('a sign-in written late, after the redemption, is still ended by an archive that ran meanwhile', { timeout: 60_000 }, async () => {
    const lead = await maya(ctx());
    const tutorId = await archivableTutor(ctx());
    let signOutReached = () => {};
    const database = { ...ctx().database, db: ctx().database.db.withPlugin(slowSignOut(60, () => signOutReached())) };
    const slowApp = createApiApp({ database, config: { mode: 'demo', siteUrl: 'http://localhost:4321', logRequests: false, trustProxy: 1 }, log: () => {}, ...fastSignIn(database) });
    for (let round = 0; round < 3; round++) {
      expect((await call(lead.client, `/api/tutors/${tutorId}/archive?unarchive=true`, { method: 'POST' })).body.data.role).toBe('Tutor');
      // The tutor's browser, signed in already, uses a new link or code: its sign-in is replaced.
      const browser = new TestClient(slowApp);
      browser.cookies.set('sid', await startSignIn(ctx().database.db, { tutorId }));
      const address = round % 2 ? await textedCode(ctx(), tutorId) : await loginLink(ctx(), tutorId);
      const inSignOut = new Promise<void>((resolve) => (signOutReached = resolve));
      const redemption = call(browser, address);
      // The archive runs while the redemption ends the browser's previous sign-in.
      await inSignOut;
      expect((await call(lead.client, `/api/tutors/${tutorId}/archive`, { method: 'POST' })).body.data.role).toBe('Archived');
      expect((await redemption).status).toBe(200);
      expect(await liveSignIns(ctx(), tutorId), `round ${round}`).toEqual([]);
      expect((await call(lead.client, `/api/tutors/${tutorId}/archive?unarchive=true`, { method: 'POST' })).body.data.role).toBe('Tutor');
      expect((await call(browser, '/api/checkauth')).status, `round ${round}`).toBe(401);
    }
  });
});
