import { afterEach, beforeEach, expect, it } from 'vitest';
import { courseId, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { bookedMeeting, everyTutor, freeHour, HOUR, jordan, jumpClock, maya, pinClock, priya, staffClient } from './tutor-helpers.ts';

beforeEach(() => pinClock());
afterEach(() => pinClock());

let serial = 0;
const newHire = () => {
  serial += 1;
  return { name: `Casey Hire${serial}`, email: `casey${serial}@beacontutoring.com`, phone: `(206) 555-${String(7000 + serial)}`, background: 'Math major' };
};

describeApi('the supervisor\'s team', (ctx) => {
  it('hires a tutor who starts archived; a used email or phone is refused', async () => {
    const lead = await maya(ctx());
    const hire = newHire();
    const { status, body } = await post(lead.client, '/api/tutors', hire);
    expect(status).toBe(201);
    expect(body.data).toEqual({ id: expect.any(Number), name: hire.name, email: hire.email, phone: hire.phone.replace(/\D/g, ''), role: 'Archived', background: 'Math major' });
    const again = await post(lead.client, '/api/tutors', { ...newHire(), email: hire.email });
    expect(again.status).toBe(409);
    // Create tutor answers its refusals with the bare type name, the way the spec's own client reads them (CONTRACT.md).
    expect(again.body.error).toBe('AlreadyExists');
    expect((await post(lead.client, '/api/tutors', { ...newHire(), phone: hire.phone })).body.error).toBe('AlreadyExists');
    const bad = await post(lead.client, '/api/tutors', { ...newHire(), email: 'not-an-email', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('BadInput');
    expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'name']);
  });

  it('adds an offering to an archived hire archived, and makes the tutor bookable once both are unarchived', async () => {
    const lead = await maya(ctx());
    const hire = (await post(lead.client, '/api/tutors', newHire())).body.data;
    const course = await courseId(ctx(), 'PHYS 122');
    const offering = await post(lead.client, '/api/offerings', { tutor: hire.id, course, qualification: 'A in PHYS 122' });
    expect(offering.status).toBe(201);
    expect(offering.body.data).toMatchObject({ qualification: 'A in PHYS 122', archived: true, course: { course_number: 'PHYS 122' }, tutor: { id: hire.id } });
    const modified = await post(lead.client, '/api/offerings', { tutor: hire.id, course, qualification: 'A+ in PHYS 122' });
    expect(modified.body.data).toMatchObject({ id: offering.body.data.id, qualification: 'A+ in PHYS 122' });

    const early = await call(lead.client, `/api/offerings/${offering.body.data.id}/archive`, { method: 'POST' });
    expect(early.body.error.type).toBe('ArchivedTutorCannotHaveUnarchivedOfferings');
    expect((await call(lead.client, `/api/tutors/${hire.id}/archive?unarchive=true`, { method: 'POST' })).body.data.role).toBe('Tutor');
    expect((await call(lead.client, `/api/offerings/${offering.body.data.id}/archive`, { method: 'POST' })).body.data.archived).toBe(false);

    // Bookable: the hire signs in, publishes an hour, and it shows in the booking search.
    const tutor = await staffClient(ctx(), hire.email);
    const hour = await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), tutor), tutor: 'myself' });
    const search = await call(ctx().client(), `/api/meetings?course=${course}&capacity=1&course_style=online`);
    expect(search.body.data.map((m: { id: number }) => m.id)).toContain(hour.body.data.id);
    expect((await call(lead.client, `/api/tutors/${hire.id}/offerings`)).body.data).toHaveLength(1);
    expect((await call(tutor.client, '/api/tutors/myself/offerings')).body.data).toHaveLength(1);
  });

  it('refuses to archive oneself, a tutor with offerings (listing them) or with booked meetings ahead (listing them)', async () => {
    const lead = await maya(ctx());
    const self = await call(lead.client, `/api/tutors/${lead.id}/archive?unarchive=false`, { method: 'POST' });
    expect(self.status).toBe(409);
    expect(self.body.error.type).toBe('CannotArchiveSelf');

    const hire = (await post(lead.client, '/api/tutors', newHire())).body.data;
    await call(lead.client, `/api/tutors/${hire.id}/archive?unarchive=true`, { method: 'POST' });
    const offering = (await post(lead.client, '/api/offerings', { tutor: hire.id, course: await courseId(ctx(), 'CS 121'), qualification: 'A in CS 121' })).body.data;
    const withOfferings = await call(lead.client, `/api/tutors/${hire.id}/archive`, { method: 'POST' });
    expect(withOfferings.body.error.type).toBe('HasAttachedOfferings');
    expect(withOfferings.body.error.offerings.map((o: { id: number }) => o.id)).toEqual([offering.id]);

    const tutor = await staffClient(ctx(), hire.email);
    const { meetingId } = await bookedMeeting(ctx(), tutor, await freeHour(ctx(), tutor));
    const busy = await call(lead.client, `/api/offerings/${offering.id}/archive`, { method: 'POST' });
    expect(busy.body.error.type).toBe('UpcomingMeetings');
    // With the meeting gone, the offering can be archived; the meetings still block the tutor.
    await call(tutor.client, `/api/meetings/${meetingId}/cancel`, { method: 'POST' });
    expect((await call(lead.client, `/api/offerings/${offering.id}/archive`, { method: 'POST' })).body.data.archived).toBe(true);
    const { meetingId: ahead } = await bookedMeetingWithOffering(ctx, hire.id);
    const withMeetings = await call(lead.client, `/api/tutors/${hire.id}/archive`, { method: 'POST' });
    expect(withMeetings.body.error.type).toBe('HasAttachedMeetings');
    expect(withMeetings.body.error.meetings.map((m: { id: number }) => m.id)).toEqual([ahead]);
  });

  it('archives a tutor: signed out at once, no new sign-in, hidden from booking; unarchiving restores a regular tutor', async () => {
    const lead = await maya(ctx());
    const hire = (await post(lead.client, '/api/tutors', newHire())).body.data;
    await call(lead.client, `/api/tutors/${hire.id}/archive?unarchive=true`, { method: 'POST' });
    const tutor = await staffClient(ctx(), hire.email);
    expect((await call(tutor.client, '/api/tutors/myself/meetings')).status).toBe(200);
    const archived = await call(lead.client, `/api/tutors/${hire.id}/archive?unarchive=false`, { method: 'POST' });
    expect(archived.body.data.role).toBe('Archived');
    expect((await call(tutor.client, '/api/tutors/myself/meetings')).body.error.type).toBe('NoAuth');
    expect((await call(ctx().client(), `/api/login?user_type=tutor&email=${hire.email}`, { method: 'POST' })).body.error.type).toBe('UserNotFound');
    expect((await call(ctx().client(), `/api/tutors/${hire.id}`)).body.data).toBeNull();
    // Supervisors come back as regular tutors too.
    await ctx().database.db.updateTable('tutors').set({ role: 'Archived' }).where('email', '=', 'lena@beacontutoring.com').execute();
    const lena = await ctx().database.db.selectFrom('tutors').select('id').where('email', '=', 'lena@beacontutoring.com').executeTakeFirstOrThrow();
    expect((await call(lead.client, `/api/tutors/${lena.id}/archive?unarchive=true`, { method: 'POST' })).body.data.role).toBe('Tutor');
    // Unarchiving someone who is not archived changes nothing (a supervisor stays one).
    expect((await call(lead.client, `/api/tutors/${lead.id}/archive?unarchive=true`, { method: 'POST' })).body.data.role).toBe('Supervisor');
  });

  it('revokes the login links and codes of a tutor being archived: each answers UserNotFound, as a new request does', async () => {
    const lead = await maya(ctx());
    const hire = (await post(lead.client, '/api/tutors', newHire())).body.data;
    await call(lead.client, `/api/tutors/${hire.id}/archive?unarchive=true`, { method: 'POST' });
    const { db } = ctx().database;
    const latest = (to: string) => db.selectFrom('outbox').select(['link', 'text']).where('to', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const browser = ctx().client();
    expect((await call(browser, `/api/login?user_type=tutor&email=${hire.email}`, { method: 'POST' })).body.status).toBe('success');
    const token = new URL((await latest(hire.email)).link!).searchParams.get('token')!;
    const texted = await post(browser, '/api/verification', { email: hire.email });
    expect(texted.status).toBe(201);
    const code = /\d{7}/.exec((await latest(hire.phone)).text)![0];
    const redeemCode = () => call(browser, `/api/verification?code_id=${texted.body.data.code_id}&code=${code}`);

    expect((await call(lead.client, `/api/tutors/${hire.id}/archive`, { method: 'POST' })).body.data.role).toBe('Archived');
    const byLink = await call(browser, `/api/login?token=${token}`);
    expect([byLink.status, byLink.body.error?.type]).toEqual([404, 'UserNotFound']);
    const byCode = await redeemCode();
    expect([byCode.status, byCode.body.error?.type]).toEqual([404, 'UserNotFound']);
    expect(browser.cookies.has('sid')).toBe(false);
    // Unarchived, the tutor signs in with a new link or code: those from before stay revoked.
    await call(lead.client, `/api/tutors/${hire.id}/archive?unarchive=true`, { method: 'POST' });
    expect((await call(browser, `/api/login?token=${token}`)).body.error.type).toBe('OldToken');
    expect((await redeemCode()).body.error.type).toBe('OldCode');
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('pages recent sessions by start and id, so sessions at the same time are neither lost nor repeated', async () => {
    const lead = await maya(ctx());
    // Nobody has a session from this start to the time the pages are read: the three are the newest.
    const start = await freeHour(ctx(), await everyTutor(ctx()));
    const tutors = [await jordan(ctx()), await priya(ctx()), await staffClient(ctx(), 'sam@beacontutoring.com')];
    const made: number[] = [];
    for (const [i, tutor] of tutors.entries()) made.push((await bookedMeeting(ctx(), tutor, start, ['CS 121', 'MATH 124', 'PHYS 121'][i])).meetingId);
    await jumpClock(ctx(), new Date((start + 30 * 60) * 1000));
    const seen: number[] = [];
    let after = '';
    for (let page = 0; page < 3; page++) {
      const answer = (await call(lead.client, `/api/meetings/recent?limit=2${after}`)).body.data as { meeting: { id: number; occurrence_epoch: number } }[];
      seen.push(...answer.map((m) => m.meeting.id));
      const last = answer.at(-1)!.meeting;
      after = `&before=${last.occurrence_epoch}&before_id=${last.id}`;
    }
    expect(seen.filter((id) => made.includes(id)).sort()).toEqual([...made].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('sets a bio, and answers TutorNotFound and OfferingNotFound', async () => {
    const lead = await maya(ctx());
    const me = await jordan(ctx());
    const bio = await post(lead.client, `/api/tutors/${me.id}/background`, { background: 'Senior in CS; loves recursion.' });
    expect(bio.body.data).toMatchObject({ id: me.id, background: 'Senior in CS; loves recursion.' });
    expect((await call(ctx().client(), '/api/tutors')).body.data.find((t: { id: number }) => t.id === me.id).background).toBe('Senior in CS; loves recursion.');
    expect((await post(lead.client, '/api/tutors/999999/background', { background: 'x' })).body.error.type).toBe('TutorNotFound');
    expect((await call(lead.client, '/api/offerings/999999/archive', { method: 'POST' })).body.error.type).toBe('OfferingNotFound');
    expect((await post(lead.client, '/api/offerings', { tutor: me.id, course: 999999, qualification: 'x' })).body.error.type).toBe('CourseNotFound');
  });

  it('counts each tutor\'s scheduled and confirmed minutes in a period in one answer', async () => {
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    // The tutor has nothing else from the first to the end of the second, two hours later: the period holds only these.
    const first = await freeHour(ctx(), tutor, { minutes: 3 * 60 });
    const second = first + 2 * HOUR;
    const a = await bookedMeeting(ctx(), tutor, first);
    await bookedMeeting(ctx(), tutor, second);
    // An hour outside the period.
    await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), tutor, { from: second + 2 * HOUR }), tutor: 'myself' });
    await jumpClock(ctx(), new Date((Math.max(first, second) + 2 * HOUR) * 1000));
    await post(tutor.client, `/api/meetings/${a.meetingId}/notes`, { notes: 'Loops' });
    await post(tutor.client, `/api/meetings/${a.meetingId}/duration_mins`, { duration_mins: 70 });
    const from = Math.min(first, second) - 60;
    const hoursOf = async () => {
      const { status, body } = await call(lead.client, `/api/team/hours?from=${from}&to=${Math.max(first, second) + 60}`);
      expect(status).toBe(200);
      const tutors = (await call(lead.client, '/api/tutors')).body.data;
      expect(body.data).toHaveLength(tutors.length);
      return body.data.find((h: { tutor_id: number }) => h.tutor_id === tutor.id);
    };
    // The tutor's 70 minutes count once a supervisor approves them (decision 022): the booked 60 until then.
    expect(await hoursOf()).toEqual({ tutor_id: tutor.id, scheduled_minutes: 120, confirmed_minutes: 60 });
    expect((await post(lead.client, `/api/meetings/${a.meetingId}/duration-approval`, {})).status).toBe(200);
    expect(await hoursOf()).toEqual({ tutor_id: tutor.id, scheduled_minutes: 130, confirmed_minutes: 70 });
    expect((await call(lead.client, `/api/team/hours?from=${from}&to=${from - 1}`)).body.error.type).toBe('BadInput');
  });

  it('lists recent sessions across tutors, newest first, a page at a time', async () => {
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    // Nobody has a session from this start to the time the list is read (3 hours later) but this test.
    const start = await freeHour(ctx(), await everyTutor(ctx()), { minutes: 3 * 60 + 1 });
    const booked = await bookedMeeting(ctx(), tutor, start);
    await post(tutor.client, '/api/meetings', { occurrence_epoch: start + 2 * HOUR, tutor: 'myself' });
    await jumpClock(ctx(), new Date((start + 3 * HOUR) * 1000));
    await post(tutor.client, `/api/meetings/${booked.meetingId}/notes`, { notes: 'Recursion' });
    const first = await call(lead.client, '/api/meetings/recent?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(3);
    // The newest is the booked one (the open hour after it had nobody); its tutor and summary come with it.
    expect(first.body.data[0].meeting).toMatchObject({ id: booked.meetingId, notes: 'Recursion', tutor: { id: tutor.id, name: 'Jordan Alvarez' } });
    expect(first.body.data[0].payments.map((p: { customer: { id: number } }) => p.customer.id)).toEqual([booked.customer.id]);
    const times = first.body.data.map((m: { meeting: { occurrence_epoch: number } }) => m.meeting.occurrence_epoch);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const next = await call(lead.client, `/api/meetings/recent?limit=3&before=${times.at(-1)}`);
    expect(next.body.data.every((m: { meeting: { occurrence_epoch: number } }) => m.meeting.occurrence_epoch < times.at(-1))).toBe(true);
    expect((await call(tutor.client, '/api/meetings/recent')).body.error.type).toBe('NotAuthorized');
    expect((await call(lead.client, '/api/meetings/recent?limit=500')).body.error.type).toBe('BadInput');
  });

  it('refuses every supervisor call to a tutor and a customer, and answers NoAuth without a session', async () => {
    const tutor = await jordan(ctx());
    const other = (await priya(ctx())).id;
    const customer = await newCustomer(ctx());
    const anonymous = ctx().client();
    const offering = await ctx().database.db.selectFrom('offerings').select('id').executeTakeFirstOrThrow();
    const course = await courseId(ctx(), 'CS 121');
    for (const [client, type] of [[tutor.client, 'NotAuthorized'], [customer.client, 'NotAuthorized'], [anonymous, 'NoAuth']] as const) {
      // Create tutor's refusal is the bare type name (CONTRACT.md); the other calls' an object.
      expect((await post(client, '/api/tutors', newHire())).body.error).toBe(type);
      const answers = [
        await call(client, `/api/tutors/${tutor.id}/archive?unarchive=false`, { method: 'POST' }),
        await call(client, `/api/tutors/${other}/archive?unarchive=true`, { method: 'POST' }),
        await post(client, `/api/tutors/${other}/background`, { background: 'x' }),
        await post(client, '/api/offerings', { tutor: 'myself', course, qualification: 'x' }),
        await call(client, `/api/offerings/${offering.id}/archive`, { method: 'POST' }),
        await call(client, '/api/team/hours?from=0&to=100'),
        await call(client, `/api/tutors/${other}/offerings`),
        await call(client, '/api/meetings/recent'),
      ];
      expect(answers.map((r) => r.body.error?.type)).toEqual(answers.map(() => type));
    }
  });
});

/** A paid meeting of a tutor who now has no unarchived offering: booked straight in the database. */
async function bookedMeetingWithOffering(ctx: () => TestContext, tutorId: number) {
  const { db } = ctx().database;
  const offering = await db.selectFrom('offerings').select('id').where('tutor_id', '=', tutorId).executeTakeFirstOrThrow();
  const meeting = await db
    .insertInto('meetings')
    .values({ tutor_id: tutorId, occurrence: new Date((await freeHour(ctx(), tutorId)) * 1000), offering_id: offering.id, course_style: 'online', capacity: 1, reservations_taken: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const customer = await db.selectFrom('customers').select('id').executeTakeFirstOrThrow();
  await db.insertInto('reservations').values({ meeting_id: meeting.id, customer_id: customer.id, subscription_id: null, status: 'confirmed', expires_at: null }).execute();
  await db.insertInto('payments').values({ customer_id: customer.id, meeting_id: meeting.id, minutes_paid: 60, amount_cents: 5500, payment_status: 'succeeded', provider: 'offline' }).execute();
  return { meetingId: meeting.id };
}
