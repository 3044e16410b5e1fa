import { expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { addStartedDemoMeeting } from '../../server/demo/started-meeting.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { describeApi } from './harness.ts';

/** The demo's just-ended session, on which overtime can be tried without touching a clock. */
describeApi('the demo session just ended', (ctx) => {
  const HOUR = 3600_000;

  it('gives the demo tutor a booked session whose hour ended shortly before (it began 65 to 120 minutes ago), once', async () => {
    const { db } = ctx().database;
    const now = new Date(nowMs() + 9 * 24 * HOUR);
    const id = await addStartedDemoMeeting(db, now);
    expect(id).toEqual(expect.any(Number));
    const meeting = await db
      .selectFrom('meetings as m')
      .innerJoin('tutors as t', 't.id', 'm.tutor_id')
      .select(['m.occurrence', 'm.reservations_taken', 't.email'])
      .where('m.id', '=', id!)
      .executeTakeFirstOrThrow();
    const age = now.getTime() - new Date(meeting.occurrence).getTime();
    expect(age).toBeGreaterThanOrEqual(65 * 60_000);
    expect(age).toBeLessThanOrEqual(120 * 60_000);
    expect(meeting).toMatchObject({ reservations_taken: 1, email: demoAccounts.tutor.email });
    expect(await addStartedDemoMeeting(db, new Date(now.getTime() + 5 * 60_000))).toBe(id);
  });

  it('makes free availability give way, never another booked session', async () => {
    const { db } = ctx().database;
    const now = new Date(Math.floor(nowMs() / HOUR) * HOUR + 20 * 24 * HOUR + 10 * 60_000);
    const tutor = await db.selectFrom('tutors').select('id').where('email', '=', demoAccounts.tutor.email).executeTakeFirstOrThrow();
    const free = await db.insertInto('meetings').values({ tutor_id: tutor.id, occurrence: new Date(now.getTime() - 70 * 60_000) }).returning('id').executeTakeFirstOrThrow();
    const id = await addStartedDemoMeeting(db, now);
    expect(id).toEqual(expect.any(Number));
    expect((await db.selectFrom('meetings').select('canceled').where('id', '=', free.id).executeTakeFirstOrThrow()).canceled).toBe(true);
  });
});
