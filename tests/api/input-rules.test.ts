import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { errorMessage } from '../../src/lib/error-messages.ts';
import { post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { freeWeeklyHour, jordan, maya, pinClock } from './tutor-helpers.ts';

/**
 * Input rules of the security review (issue 33, item 8): a series ended from a past instant, prices
 * below the card provider's smallest charge, and names that hold bidirectional controls.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

/** Every bidirectional control: embeddings and overrides, then isolates. */
const BIDI_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const refusedFor = (field: string) => `${field} must not contain characters that change the direction of text (U+202A to U+202E, U+2066 to U+2069).`;

let serial = 0;
const next = () => (serial += 1);

async function weeklySeries(ctx: TestContext, tutor: { client: TestClient; id: number }) {
  const made = await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx, tutor), tutor: 'myself' });
  if (made.status !== 201) throw new Error(`slot not made: ${JSON.stringify(made.body)}`);
  return made.body.data.id as number;
}

const lastDayOf = async (ctx: TestContext, slotId: number) =>
  new Date((await ctx.database.db.selectFrom('slots').select('last_day').where('id', '=', slotId).executeTakeFirstOrThrow()).last_day).getTime();

describeApi('input rules (security review, issue 33 item 8)', (ctx) => {
  it('ends a series from a past instant as from now: its last day is never before the call (no 1969), so a later re-assign copies no such day', async () => {
    const tutor = await jordan(ctx());
    const slotId = await weeklySeries(ctx(), tutor);
    const future = await ctx().database.db.selectFrom('meetings').select('id').where('slot_id', '=', slotId).where('canceled', '=', false).execute();
    for (const past of [0, Math.floor(nowMs() / 1000) - 7 * 24 * 3600]) {
      const preview = await post(tutor.client, `/api/slots/${slotId}/end?dry_run=true`, { from_epoch: past });
      expect(preview.status).toBe(200);
      expect(preview.body.data.from_epoch).toBeGreaterThanOrEqual(Math.floor(nowMs() / 1000) - 1);
    }
    const before = nowMs();
    const ended = await post(tutor.client, `/api/slots/${slotId}/end`, { from_epoch: 0 });
    expect(ended.status).toBe(200);
    expect(ended.body.data.from_epoch).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(ended.body.data.removed).toHaveLength(future.length);
    const lastDay = await lastDayOf(ctx(), slotId);
    expect(new Date(lastDay).getUTCFullYear()).toBeGreaterThan(2000);
    expect(lastDay).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(lastDay).toBeLessThanOrEqual(nowMs());
  });

  it('refuses a price below 50 cents, the least a card can be charged; takes 50 cents', async () => {
    const lead = await maya(ctx());
    for (const cents of ['1', '49']) {
      const refused = await post(lead.client, '/api/prices', { frequency: 'onetime', capacity: 1, price_cents: cents });
      expect(refused.status, cents).toBe(400);
      expect(refused.body.error).toEqual({ type: 'BadInput', fields: { price_cents: 'At least 50 cents: a card cannot be charged less' } });
      expect(errorMessage(refused.body.error)).toBe('At least 50 cents: a card cannot be charged less');
    }
    const current = (await call(ctx().client(), '/api/prices')).body.data.onetime['1'];
    expect(current).not.toBeLessThan(50);
    const taken = await post(lead.client, '/api/prices', { frequency: 'onetime', capacity: 1, price_cents: 50 });
    expect(taken.status).toBe(201);
    expect((await call(ctx().client(), '/api/prices')).body.data.onetime['1']).toBe(50);
    expect((await post(lead.client, '/api/prices', { frequency: 'onetime', capacity: 1, price_cents: current })).status).toBe(201);
  });

  it('refuses every bidirectional control in a course name (add, rename, import), naming the field', async () => {
    const lead = await maya(ctx());
    const course = (await post(lead.client, '/api/courses', { course_number: `BIDI ${next()}`, course_name: 'Plain name', school: 'university' })).body.data;
    for (const control of BIDI_CONTROLS) {
      const name = `Intro ${control}gpj.exe`;
      const added = await post(lead.client, '/api/courses', { course_number: `BIDI ${next()}`, course_name: name, school: 'university' });
      expect(added.status, JSON.stringify(control)).toBe(400);
      expect(added.body.error).toEqual({ type: 'BadInput', fields: { course_name: refusedFor('The course name') } });
      expect(errorMessage(added.body.error)).toBe(refusedFor('The course name'));
      const renamed = await post(lead.client, `/api/courses/${course.id}`, { course_name: name });
      expect(renamed.body.error).toEqual({ type: 'BadInput', fields: { course_name: refusedFor('The course name') } });
      const csv = `course_number,course_name,school\nBIDI ${next()},${name},university\n`;
      const imported = await call(lead.client, '/api/courses/import', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
      expect(imported.body.error).toMatchObject({ type: 'InvalidImport', invalid: 1 });
      expect(imported.body.error.rows[0]).toMatchObject({ status: 'invalid', reason: `course_name: ${refusedFor('The course name')}` });
    }
    const kept = await ctx().database.db.selectFrom('courses').select('course_name').where('id', '=', course.id).executeTakeFirstOrThrow();
    expect(kept.course_name).toBe('Plain name');
    expect(await ctx().database.db.selectFrom('courses').select('id').where('course_name', 'like', '%gpj.exe%').execute()).toEqual([]);
    // Right-to-left text itself is a name like any other.
    const arabic = await post(lead.client, '/api/courses', { course_number: `BIDI ${next()}`, course_name: 'مقدمة في البرمجة', school: 'university' });
    expect(arabic.status).toBe(201);
  });

  it("refuses every bidirectional control in a tutor's and a customer's names, naming the field", async () => {
    const lead = await maya(ctx());
    for (const control of BIDI_CONTROLS) {
      const n = next();
      const hire = await post(lead.client, '/api/tutors', { name: `Casey ${control}Bidi`, email: `bidi${n}@beacontutoring.com`, phone: `206555${String(8000 + n).padStart(4, '0')}` });
      expect(hire.status, JSON.stringify(control)).toBe(400);
      expect(hire.body).toEqual({ status: 'failure', error: 'BadInput', fields: { name: refusedFor('The name') } });
      const contact = { firstname: 'Alex', lastname: 'Rivera', email: `bidi${n}@example.com`, phone: `425555${String(8000 + n).padStart(4, '0')}` };
      const first = await post(ctx().client(), '/api/customers', { ...contact, firstname: `Alex${control}` });
      expect(first.body.error).toEqual({ type: 'BadInput', fields: { firstname: refusedFor('The first name') } });
      const last = await post(ctx().client(), '/api/customers', { ...contact, lastname: `${control}Rivera` });
      expect(last.body.error).toEqual({ type: 'BadInput', fields: { lastname: refusedFor('The last name') } });
      expect(errorMessage(last.body.error)).toBe(refusedFor('The last name'));
    }
    const { db } = ctx().database;
    expect(await db.selectFrom('tutors').select('id').where('email', 'like', 'bidi%').execute()).toEqual([]);
    expect(await db.selectFrom('customers').select('id').where('email', 'like', 'bidi%').execute()).toEqual([]);
  });
});
