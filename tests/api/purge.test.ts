import { afterEach, expect, it } from 'vitest';
import { advanceClock, now } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { purgeExpiredData } from '../../server/domain/purge.ts';
import { hashSecret } from '../../server/domain/sign-in/tokens.ts';
import { call, describeApi, signInAs, type TestContext } from './harness.ts';
import { pinClock } from './suite-clock.ts';

const DAY = 24 * 3600 * 1000;

/** What is left of the rows a test made, table by table. */
async function remaining(ctx: TestContext, made: { sessions: string[]; tokens: number[]; codes: string[]; events: string[]; outbox: number[] }) {
  const { db } = ctx.database;
  const ids = async <T>(rows: Promise<{ id: T }[]>) => (await rows).map((r) => r.id).sort();
  return {
    sessions: made.sessions.length ? (await db.selectFrom('sessions').select('id_hash').where('id_hash', 'in', made.sessions.map(hashSecret)).execute()).length : 0,
    tokens: made.tokens.length ? await ids(db.selectFrom('login_tokens').select('id').where('id', 'in', made.tokens).execute()) : [],
    codes: made.codes.length ? await ids(db.selectFrom('verification_codes').select('id').where('id', 'in', made.codes).execute()) : [],
    events: made.events.length ? await ids(db.selectFrom('webhook_events').select('id').where('id', 'in', made.events).execute()) : [],
    outbox: made.outbox.length ? await ids(db.selectFrom('outbox').select('id').where('id', 'in', made.outbox).execute()) : [],
  };
}

describeApi('the purge of lapsed data', (ctx) => {
  afterEach(() => pinClock());

  /** Rows of each kind, made through the API at the clock's current time. */
  async function makeRows(tag: string) {
    const { db } = ctx().database;
    const before = (await db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;
    const session = ctx().client();
    await signInAs(ctx(), session, demoAccounts.customer.email);
    // A link that is used and one that is not; a texted code.
    await call(ctx().client(), `/api/login?user_type=tutor&email=${demoAccounts.tutor.email}`, { method: 'POST' });
    const link = (await db.selectFrom('outbox').select('link').where('channel', '=', 'email').orderBy('id', 'desc').executeTakeFirstOrThrow()).link!;
    expect((await call(ctx().client(), `/api/login?token=${new URL(link).searchParams.get('token')}`)).status).toBe(200);
    await call(ctx().client(), `/api/login?user_type=tutor&email=${demoAccounts.supervisor.email}`, { method: 'POST' });
    const code = await call(ctx().client(), '/api/verification', { method: 'POST', body: new URLSearchParams({ email: demoAccounts.tutor.email }) });
    expect(code.status).toBe(201);
    await db.insertInto('webhook_events').values({ id: `evt_${tag}`, received_at: now() }).execute();
    const tokens = await db.selectFrom('login_tokens').select('id').where('created_at', '>=', new Date(now().getTime() - 60_000)).execute();
    const outbox = await db.selectFrom('outbox').select('id').where('id', '>', Number(before)).execute();
    return { sessions: [session.cookies.get('sid')!], tokens: tokens.map((t) => t.id), codes: [code.body.data.code_id as string], events: [`evt_${tag}`], outbox: outbox.map((o) => o.id) };
  }

  it('deletes lapsed sessions, spent links and codes after a day, webhook ids and outbox mail after 30 days; keeps the rest', async () => {
    const old = await makeRows('old');
    expect(old.tokens).toHaveLength(2);
    expect(old.outbox).toHaveLength(3);

    // Two days on: the links and code are spent or lapsed and a day old; the session is idle 2 days.
    advanceClock(2 * DAY);
    const fresh = await makeRows('fresh');
    await purgeExpiredData(ctx().database.db);
    expect(await remaining(ctx(), old)).toEqual({ sessions: 1, tokens: [], codes: [], events: old.events, outbox: old.outbox.sort() });
    // The fresh links and code are kept (the daily cap on failed codes counts the last 24 hours).
    expect(await remaining(ctx(), fresh)).toEqual({ sessions: 1, tokens: fresh.tokens.sort(), codes: fresh.codes, events: fresh.events, outbox: fresh.outbox.sort() });

    // Eight days after the first: the old session has been idle more than 7 days.
    advanceClock(6 * DAY);
    await purgeExpiredData(ctx().database.db);
    expect((await remaining(ctx(), old)).sessions).toBe(0);
    expect((await remaining(ctx(), fresh)).sessions).toBe(1);

    // 31 days after the first: the old webhook ids and outbox mail go; the fresh ones (29 days) stay.
    advanceClock(23 * DAY);
    const counts = await purgeExpiredData(ctx().database.db);
    // The address the old link was used from, 31 days ago, is forgotten (sign-in-addresses.ts).
    expect(counts).toMatchObject({ webhookEvents: 1, outbox: old.outbox.length, signInAddresses: 1 });
    expect(await remaining(ctx(), old)).toEqual({ sessions: 0, tokens: [], codes: [], events: [], outbox: [] });
    expect(await remaining(ctx(), fresh)).toMatchObject({ sessions: 0, events: fresh.events, outbox: fresh.outbox.sort() });
    // A session in use is left alone.
    const inUse = ctx().client();
    await signInAs(ctx(), inUse, demoAccounts.customer.email);
    await purgeExpiredData(ctx().database.db);
    expect((await call(inUse, '/api/checkauth')).status).toBe(200);

    // Running it again deletes nothing more.
    expect(await purgeExpiredData(ctx().database.db)).toEqual({ signIns: 0, loginTokens: 0, verificationCodes: 0, webhookEvents: 0, outbox: 0, notifications: 0, signInAddresses: 0 });
  });

  it('ends a session past its 30 days even when used lately', async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.supervisor.email);
    const secret = client.cookies.get('sid')!;
    for (let day = 0; day < 30; day += 5) {
      advanceClock(5 * DAY);
      await call(client, '/api/checkauth');
    }
    advanceClock(60_000);
    await purgeExpiredData(ctx().database.db);
    expect(await ctx().database.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', hashSecret(secret)).execute()).toEqual([]);
  });
});
