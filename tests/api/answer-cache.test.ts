import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it, vi } from 'vitest';
import { advanceClock, nowMs } from '../../server/clock.ts';
import { openDatabase } from '../../server/start/database.ts';
import { courseId, newCustomer, post } from './booking-helpers.ts';
import { describeApi, signInAs, type TestContext } from './harness.ts';
import { pinClock } from './suite-clock.ts';

/** The public reads and the availability search, answered from memory (server/cache/). */
describeApi('answers kept in memory', (ctx) => {
  afterEach(() => pinClock());

  async function read(path: string, headers: Record<string, string> = {}) {
    const response = await ctx().client().fetch(path, { headers });
    return { response, body: response.status === 200 ? ((await response.json()) as { data: any }) : undefined };
  }

  /** The first one-off meeting the search offers for CS 121, alone, online. */
  async function firstMeeting(c: TestContext) {
    const course = await courseId(c, 'CS 121');
    const { body } = await read(`/api/meetings?course=${course}&capacity=1&course_style=online`);
    return { course, meeting: body!.data[0] as { id: number; offering: { id: number } } };
  }

  it('answers a repeat reader 304 Not Modified for its ETag, and the full answer when it changed', async () => {
    const first = await read('/api/tutors');
    const etag = first.response.headers.get('etag')!;
    const again = await ctx().client().fetch('/api/tutors', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    await ctx().database.db.updateTable('tutors').set({ background: 'Now teaching statistics too.' }).where('name', '=', 'Jordan Alvarez').execute();
    const changed = await ctx().client().fetch('/api/tutors', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const tutors = ((await changed.json()) as { data: { name: string; background: string }[] }).data;
    expect(tutors.find((t) => t.name === 'Jordan Alvarez')?.background).toBe('Now teaching statistics too.');
  });

  it('shows a new tutor and a new course at once on this instance', async () => {
    const before = (await read('/api/tutors')).body!.data.length;
    await ctx().database.db.insertInto('tutors').values({ name: 'Ada Park', email: 'ada.cache@beacontutoring.com', phone: '2065550190', role: 'Tutor' }).execute();
    expect((await read('/api/tutors')).body!.data.length).toBe(before + 1);

    const courses = (await read('/api/courses')).body!.data.length;
    await ctx().database.db.insertInto('courses').values({ course_number: 'STAT 311', course_name: 'Elements of Statistical Methods', school: 'university' }).execute();
    expect((await read('/api/courses')).body!.data.length).toBe(courses + 1);
  });

  it('takes a held seat out of the search at once, and gives it back when the hold runs out', async () => {
    const { course, meeting } = await firstMeeting(ctx());
    const search = `/api/meetings?course=${course}&capacity=1&course_style=online`;
    const { client } = await newCustomer(ctx());
    const booked = await post(client, '/api/payments', { meeting: meeting.id, course_style: 'online', capacity: 1, offering: meeting.offering.id });
    expect(booked.status).toBe(201);
    expect((await read(search)).body!.data.map((m: { id: number }) => m.id)).not.toContain(meeting.id);

    // The hold (15 minutes) runs out: no row changes, the answer's time limit brings the seat back.
    advanceClock(16 * 60_000);
    expect((await read(search)).body!.data.map((m: { id: number }) => m.id)).toContain(meeting.id);
  });

  it('drops a meeting that has started from the search', async () => {
    const { course, meeting } = await firstMeeting(ctx());
    const search = `/api/meetings?course=${course}&capacity=1&course_style=online`;
    const start = (await ctx().database.db.selectFrom('meetings').select('occurrence').where('id', '=', meeting.id).executeTakeFirstOrThrow()).occurrence;
    advanceClock(new Date(start).getTime() - nowMs() + 1000);
    expect((await read(search)).body!.data.map((m: { id: number }) => m.id)).not.toContain(meeting.id);
  });

  it('compresses answers over 1 KB as the client asks, and leaves small ones as they are', async () => {
    const course = await courseId(ctx(), 'CS 121');
    const path = `/api/slots?course=${course}`;
    const plain = await read(path);
    const text = JSON.stringify(plain.body);
    expect(text.length).toBeGreaterThan(1024);

    const br = await ctx().client().fetch(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(text.length / 3);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(plain.body);

    const gzip = await ctx().client().fetch(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(plain.body);

    const refused = await ctx().client().fetch(path, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();

    const small = await ctx().client().fetch('/api/prices', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('compresses the other JSON answers over 1 KB too', async () => {
    const client = ctx().client();
    const { startSignIn } = await import('../../server/domain/sign-in/sign-ins.ts');
    const tutor = await ctx().database.db.selectFrom('tutors').select('id').where('email', '=', 'jordan@beacontutoring.com').executeTakeFirstOrThrow();
    client.cookies.set('sid', await startSignIn(ctx().database.db, { tutorId: tutor.id }));
    const plain = await client.fetch('/api/tutors/myself/meetings');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const gzip = await client.fetch('/api/tutors/myself/meetings', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);
  });

  it('tells a request\'s writes again once the request is done, after its commit', async () => {
    // A write is told as its statement runs, before its commit: an answer computed meanwhile on
    // another connection would read the rows as they were. The second tell, after the request,
    // drops such an answer before the client that wrote can read again.
    const supervisor = ctx().client();
    await signInAs(ctx(), supervisor, 'maya@beacontutoring.com');
    const jordan = await ctx().database.db.selectFrom('tutors').select('id').where('name', '=', 'Jordan Alvarez').executeTakeFirstOrThrow();
    const tell = vi.spyOn(ctx().database.changes, 'tablesChanged');
    try {
      const answer = await post(supervisor, `/api/tutors/${jordan.id}/background`, { background: 'Physics and statistics.' });
      expect(answer.status).toBe(200);
      // This process's own tells (the change feed's, from the commit's NOTIFY, come as a list).
      const ownTellsOfTutors = tell.mock.calls.filter(([tables]) => tables instanceof Set && tables.has('tutors'));
      // One update of the tutors table: told when it ran, and again after the request.
      expect(ownTellsOfTutors).toHaveLength(2);
    } finally {
      tell.mockRestore();
    }
  });

  /**
   * The availability generation once the change feed is quiet: on PostgreSQL a write's NOTIFY
   * (an earlier test's too) reaches the listener a little after its commit.
   */
  async function settledGeneration(): Promise<number> {
    const { changes } = ctx().database;
    let last = changes.generation('availability');
    for (let quiet = 0, tries = 0; quiet < 3 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = changes.generation('availability');
      quiet = now === last ? quiet + 1 : 0;
      last = now;
    }
    return last;
  }

  it("a meeting's notes or its message bookkeeping leave the cached search as it was", async () => {
    const { changes } = ctx().database;
    const { meeting } = await firstMeeting(ctx());
    const before = await settledGeneration();
    await ctx().database.db.updateTable('meetings').set({ notes: 'Bring the lab handout' }).where('id', '=', meeting.id).execute();
    await ctx().database.db.updateTable('meetings').set({ notified_sequence: 0 }).where('id', '=', meeting.id).execute();
    // Neither at once (this process's writes) nor once their commits are heard (the triggers).
    expect(await settledGeneration()).toBe(before);
    await ctx().database.db.updateTable('meetings').set({ duration_mins: 60 }).where('id', '=', meeting.id).execute();
    expect(changes.generation('availability')).toBeGreaterThan(before);
  });

  it('hears of writes made by another instance on the same PostgreSQL within a few seconds', async (test) => {
    if (ctx().kind !== 'postgres') return test.skip('PGlite is one process: no other instance can share it');
    const schema = await ctx()
      .database.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('schema'))
      .executeTakeFirstOrThrow();
    const other = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, schema: schema.schema });
    try {
      const before = (await read('/api/tutors')).body!.data.length;
      await other.db.insertInto('tutors').values({ name: 'Bea Ortiz', email: 'bea.other@beacontutoring.com', phone: '2065550191', role: 'Tutor' }).execute();
      const deadline = Date.now() + 3000;
      let seen = before;
      while (seen === before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = (await read('/api/tutors')).body!.data.length;
      }
      expect(seen).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it("does not count writes to another schema of the same PostgreSQL database", async (test) => {
    if (ctx().kind !== 'postgres') return test.skip('PGlite holds one schema: there is no other to write');
    const { changes } = ctx().database;
    const { schema } = await ctx()
      .database.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('schema'))
      .executeTakeFirstOrThrow();
    const otherSchema = `${schema}_other`;
    const other = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, schema: otherSchema });
    const sameSchema = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, schema });
    try {
      const before = changes.generation('catalog');
      await other.db.insertInto('courses').values({ course_number: 'PHYS 121', course_name: 'Mechanics', school: 'Other' }).execute();
      // Then a write to this schema from another instance: it is heard, and the other schema's
      // (delivered first, on the same connection) is not, even given time to arrive.
      await sameSchema.db.insertInto('courses').values({ course_number: 'PHYS 122', course_name: 'Waves', school: 'Same' }).execute();
      const deadline = Date.now() + 3000;
      while (changes.generation('catalog') === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(changes.generation('catalog')).toBe(before + 1);
    } finally {
      // The other schema shares this run's prefix: it is dropped with the rest (global-setup.ts).
      await sameSchema.close();
      await other.close();
    }
  });
});
