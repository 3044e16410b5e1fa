import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs, setClock } from '../../server/clock.ts';
import { chargeDueWeeklyPayments } from '../../server/domain/billing/weekly-charges.ts';
import { CANCEL_NOTICE_HOURS } from '../../server/domain/meetings/student-changes.ts';
import { COURSE_IMPORT_MAX_BYTES, COURSE_IMPORT_MAX_ROWS } from '../../src/contract/limits.ts';
import { confirmOffline, courseId, newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestClient, type TestContext } from './harness.ts';
import { recordingProvider } from './recording-provider.ts';
import { freeHour, freeWeeklyHour, jordan, jumpClock, maya, offeringOf, pinClock } from './tutor-helpers.ts';

beforeEach(() => pinClock());
afterEach(() => pinClock());

let serial = 0;
/** A course number no other test of the file uses. */
const newNumber = (prefix = 'CAT') => `${prefix} ${100 + (serial += 1)}`;

const importCsv = (client: TestClient, csv: string | Uint8Array<ArrayBuffer>, { dryRun = false, type = 'text/csv' } = {}) =>
  call(client, `/api/courses/import${dryRun ? '?dry_run=true' : ''}`, { method: 'POST', body: csv, headers: { 'content-type': type } });

const publicCourses = async (ctx: TestContext) => (await call(ctx.client(), '/api/courses')).body.data as { id: number; course_number: string; course_name: string; school: string }[];
const countCourses = async (ctx: TestContext) => Number((await ctx.database.db.selectFrom('courses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describeApi('the catalog kept by supervisors', (ctx) => {
  it('adds a course with its number normalized; the public list has it at once; a number taken at the school is refused', async () => {
    const lead = await maya(ctx());
    const before = await publicCourses(ctx()); // cached now: the write below must reach it
    const number = newNumber();
    const made = await post(lead.client, '/api/courses', { course_number: `  ${number.toLowerCase().replace(' ', '   ')} `, course_name: ' Capstone  Studio ', school: 'university' });
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({ id: expect.any(Number), course_number: number, course_name: 'Capstone Studio', school: 'university', archived: false, active_offerings: 0 });
    const after = await publicCourses(ctx());
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContainEqual({ id: made.body.data.id, course_number: number, course_name: 'Capstone Studio', school: 'university' });

    const taken = await post(lead.client, '/api/courses', { course_number: number, course_name: 'Another', school: 'university' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ type: 'CourseExists', course: { id: made.body.data.id, course_number: number } });
    // A seeded number, spelled otherwise, is the same course.
    expect((await post(lead.client, '/api/courses', { course_number: 'cs121', course_name: 'x', school: 'university' })).body.data.course_number).toBe('CS121');
    expect((await post(lead.client, '/api/courses', { course_number: 'cs  121', course_name: 'x', school: 'university' })).body.error.type).toBe('CourseExists');
    // The same number at the other school (by its name) is another course.
    const other = await post(lead.client, '/api/courses', { course_number: number, course_name: 'Capstone', school: 'High School' });
    expect(other.status).toBe(201);
    expect(other.body.data.school).toBe('highschool');

    const bad = await post(lead.client, '/api/courses', { course_number: 'CS <1>', course_name: 'x'.repeat(121), school: 'college' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.type).toBe('BadInput');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['course_name', 'course_number', 'school']);
    const empty = await post(lead.client, '/api/courses', { course_number: ' ', course_name: '', school: '' });
    expect(empty.body.error.fields).toEqual({ course_number: 'Required', course_name: 'Required', school: 'Required' });
    const bell = await post(lead.client, '/api/courses', { course_number: 'CS 1', course_name: 'Ring\u0007', school: 'university' });
    expect(bell.body.error.fields).toEqual({ course_name: 'Must not contain control characters' });
  });

  it('renames a course, and moves its number or school unless that is taken', async () => {
    const lead = await maya(ctx());
    const course = (await post(lead.client, '/api/courses', { course_number: newNumber(), course_name: 'Old name', school: 'university' })).body.data;
    await publicCourses(ctx());
    const renamed = await post(lead.client, `/api/courses/${course.id}`, { course_name: 'New name' });
    expect(renamed.body.data).toMatchObject({ id: course.id, course_number: course.course_number, course_name: 'New name', school: 'university' });
    expect((await publicCourses(ctx())).find((c) => c.id === course.id)?.course_name).toBe('New name');

    const moved = await post(lead.client, `/api/courses/${course.id}`, { course_name: 'New name', course_number: 'cat 9000', school: 'highschool' });
    expect(moved.body.data).toMatchObject({ course_number: 'CAT 9000', school: 'highschool' });
    const clash = await post(lead.client, `/api/courses/${course.id}`, { course_name: 'x', course_number: 'APCS A' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.type).toBe('CourseExists');
    expect((await post(lead.client, '/api/courses/999999', { course_name: 'x' })).body.error.type).toBe('CourseNotFound');
    expect((await post(lead.client, '/api/courses/abc', { course_name: 'x' })).status).toBe(404);
    expect((await post(lead.client, `/api/courses/${course.id}`, { course_name: '' })).body.error.fields).toEqual({ course_name: 'Required' });
  });

  it('archives a course only without unarchived offerings; archived, it leaves the public list and its offerings stay archived', async () => {
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    const cs121 = await courseId(ctx(), 'CS 121');
    const refused = await call(lead.client, `/api/courses/${cs121}/archive`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.type).toBe('CourseHasOfferings');
    expect(refused.body.error.offerings.length).toBeGreaterThan(0);
    expect(refused.body.error.offerings.every((o: { course: { id: number }; archived: boolean }) => o.course.id === cs121 && !o.archived)).toBe(true);

    const course = (await post(lead.client, '/api/courses', { course_number: newNumber(), course_name: 'Seminar', school: 'university' })).body.data;
    const offering = (await post(lead.client, '/api/offerings', { tutor: tutor.id, course: course.id, qualification: 'A in it' })).body.data;
    expect(offering.archived).toBe(false);
    const listed = (await call(lead.client, '/api/courses?show_archived=true')).body.data.find((c: { id: number }) => c.id === course.id);
    expect(listed).toMatchObject({ archived: false, active_offerings: 1 });
    expect((await call(lead.client, `/api/courses/${course.id}/archive`, { method: 'POST' })).body.error.offerings.map((o: { id: number }) => o.id)).toEqual([offering.id]);
    await call(lead.client, `/api/offerings/${offering.id}/archive`, { method: 'POST' });

    await publicCourses(ctx());
    const archived = await call(lead.client, `/api/courses/${course.id}/archive?unarchive=false`, { method: 'POST' });
    expect(archived.body.data).toMatchObject({ id: course.id, archived: true, active_offerings: 0 });
    expect((await publicCourses(ctx())).map((c) => c.id)).not.toContain(course.id);
    const all = (await call(lead.client, '/api/courses?show_archived=true')).body.data;
    expect(all.find((c: { id: number }) => c.id === course.id)).toMatchObject({ archived: true });
    expect(all.length).toBe((await publicCourses(ctx())).length + all.filter((c: { archived: boolean }) => c.archived).length);

    // Its offerings stay archived: unarchiving one is refused, and a new one starts archived.
    const unarchive = await call(lead.client, `/api/offerings/${offering.id}/archive`, { method: 'POST' });
    expect(unarchive.status).toBe(409);
    expect(unarchive.body.error.type).toBe('CourseArchived');
    const priyaId = (await ctx().database.db.selectFrom('tutors').select('id').where('email', '=', 'priya@beacontutoring.com').executeTakeFirstOrThrow()).id;
    expect((await post(lead.client, '/api/offerings', { tutor: priyaId, course: course.id, qualification: 'B' })).body.data.archived).toBe(true);

    const back = await call(lead.client, `/api/courses/${course.id}/archive?unarchive=true`, { method: 'POST' });
    expect(back.body.data.archived).toBe(false);
    expect((await publicCourses(ctx())).map((c) => c.id)).toContain(course.id);
    expect((await call(lead.client, `/api/offerings/${offering.id}/archive`, { method: 'POST' })).body.data.archived).toBe(false);
    expect((await call(lead.client, '/api/courses/999999/archive', { method: 'POST' })).body.error.type).toBe('CourseNotFound');
    expect((await call(lead.client, `/api/courses/${course.id}/archive?unarchive=maybe`, { method: 'POST' })).status).toBe(400);
  });

  it('an archived course cannot be found or booked, even with an offering left unarchived, and its gradebooks keep it', async () => {
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    const course = (await post(lead.client, '/api/courses', { course_number: newNumber(), course_name: 'Bookable', school: 'university' })).body.data;
    const offering = (await post(lead.client, '/api/offerings', { tutor: tutor.id, course: course.id, qualification: 'A' })).body.data;
    const hour = (await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), tutor), tutor: 'myself' })).body.data;
    const search = `/api/meetings?course=${course.id}&capacity=1&course_style=online`;
    expect((await call(ctx().client(), search)).body.data.map((m: { id: number }) => m.id)).toContain(hour.id);

    const student = await newCustomer(ctx());
    await ctx().database.db.insertInto('gradebooks').values({ customer_id: student.id, course_id: course.id }).execute();
    await call(lead.client, `/api/offerings/${offering.id}/archive`, { method: 'POST' });
    expect((await call(lead.client, `/api/courses/${course.id}/archive`, { method: 'POST' })).body.data.archived).toBe(true);
    // As if an offering had come back by another path: the course alone keeps it out of booking.
    await ctx().database.db.updateTable('offerings').set({ archived: false }).where('id', '=', offering.id).execute();

    expect((await call(ctx().client(), search)).body.data).toEqual([]);
    expect((await call(ctx().client(), `/api/slots?course=${course.id}&capacity=1&course_style=online&subscription=true`)).body.data).toEqual([]);
    const booking = await post(student.client, '/api/payments', { meeting: hour.id, offering: offering.id, capacity: 1, course_style: 'online' });
    expect(booking.status).toBe(404);
    expect(booking.body.error.type).toBe('OfferingNotFound');
    const gradebooks = (await call(student.client, '/api/customers/myself/gradebooks')).body.data;
    expect(gradebooks).toContainEqual(expect.objectContaining({ course: expect.objectContaining({ id: course.id }) }));
  });

  it('previews an import row by row: new, unchanged, renamed and invalid with the reason; BOM, CRLF, quotes and blank lines read', async () => {
    const lead = await maya(ctx());
    const [a, b] = [newNumber('IMP'), newNumber('IMP')];
    const csv = [
      '\uFEFFCourse_Name,course_number,SCHOOL',
      `"Data, Ethics and ""Society""",${a},university`,
      '',
      'Intro to Programming I,CS 121,university',
      '"Intro to Programming II,\r\nrevised",CS 122,University',
      `Logic,${b},highschool`,
      `Logic again,${b},High School`,
      'Topics,IMP 1,college',
      ',IMP 2,university',
      'Too,IMP 3,university,many',
      '   ',
      '',
    ].join('\r\n');
    const before = await countCourses(ctx());
    const { status, body } = await importCsv(lead.client, csv, { dryRun: true });
    expect(status).toBe(200);
    expect(body.data.written).toBe(false);
    expect(body.data.counts).toEqual({ new: 2, unchanged: 1, renamed: 1, invalid: 4 });
    const rows = body.data.rows;
    expect(rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, 'new'],
      [4, 'unchanged'],
      [5, 'renamed'],
      [7, 'new'],
      [8, 'invalid'],
      [9, 'invalid'],
      [10, 'invalid'],
      [11, 'invalid'],
    ]);
    expect(rows[0]).toMatchObject({ course_number: a, course_name: 'Data, Ethics and "Society"', school: 'university' });
    expect(rows[1]).toMatchObject({ course_id: await courseId(ctx(), 'CS 121') });
    expect(rows[2]).toMatchObject({ course_name: 'Intro to Programming II, revised', previous_name: 'Intro to Programming II' });
    expect(rows[4].reason).toBe('The same course as line 7');
    expect(rows[5].reason).toMatch(/^school: Must be university \(University\) or highschool \(High School\)$/);
    expect(rows[6].reason).toBe('course_name: Required');
    expect(rows[7].reason).toBe('Expected 3 fields, found 4');
    expect(await countCourses(ctx())).toBe(before);

    // Not written while a row is invalid: the same rows come back with the refusal.
    const refused = await importCsv(lead.client, csv);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ type: 'InvalidImport', invalid: 4, rows: expect.any(Array) });
    expect(refused.body.error.rows).toHaveLength(8);
    expect(await countCourses(ctx())).toBe(before);

    const valid = csv.split('\r\n').slice(0, 7).join('\n');
    await publicCourses(ctx());
    const done = await importCsv(lead.client, valid, { type: 'text/plain; charset=utf-8' });
    expect(done.body.data).toMatchObject({ written: true, counts: { new: 2, unchanged: 1, renamed: 1, invalid: 0 } });
    expect(done.body.data.rows.every((r: { course_id?: number }) => typeof r.course_id === 'number')).toBe(true);
    expect(await countCourses(ctx())).toBe(before + 2);
    const listed = await publicCourses(ctx());
    expect(listed.find((c) => c.course_number === 'CS 122')?.course_name).toBe('Intro to Programming II, revised');
    expect(listed.filter((c) => c.course_number === a || c.course_number === b)).toHaveLength(2);
    const again = await importCsv(lead.client, valid, { dryRun: true });
    expect(again.body.data.counts).toEqual({ new: 0, unchanged: 4, renamed: 0, invalid: 0 });
  });

  it('refuses a file that is not CSV, has no proper header, is too long or too large, or is not UTF-8, with the reason', async () => {
    const lead = await maya(ctx());
    const reason = async (csv: string | Uint8Array<ArrayBuffer>, type?: string) => {
      const { status, body } = await importCsv(lead.client, csv, { dryRun: true, type });
      return { status, type: body.error?.type, csv: body.error?.fields?.csv as string | undefined };
    };
    expect(await reason('course_number,course_name,school\n"CS 1,Open')).toMatchObject({ status: 400, type: 'BadInput', csv: 'Line 2: a quoted field is not closed' });
    expect((await reason('course_number,course_name,school\n"CS 1"x,Name,university')).csv).toMatch(/^Line 2: text after a closing quote/);
    expect((await reason('course_number,course_name,school\nCS "1",Name,university')).csv).toMatch(/^Line 2: a quote inside a field/);
    expect((await reason('number,name,school\nCS 1,Name,university')).csv).toMatch(/^The first line must be the header course_number,course_name,school \(in any order\); it has 'number', 'name'/);
    expect((await reason('course_number,course_name\nCS 1,Name')).csv).toMatch(/school is missing$/);
    expect((await reason('\n\n')).csv).toMatch(/^The file is empty/);
    expect((await reason('course_number,course_name,school', 'application/json')).csv).toMatch(/as text\/csv$/);
    expect((await reason(new Uint8Array([0x63, 0x6f, 0xff, 0xfe, 0x0a]))).csv).toMatch(/not UTF-8/);
    const header = 'course_number,course_name,school\n';
    const tooMany = header + Array.from({ length: COURSE_IMPORT_MAX_ROWS + 1 }, (_, i) => `X ${i},Name,university`).join('\n');
    expect((await reason(tooMany)).csv).toBe(`At most ${COURSE_IMPORT_MAX_ROWS} courses at a time: please split the file`);
    const huge = await reason(header + 'x'.repeat(COURSE_IMPORT_MAX_BYTES));
    expect(huge).toMatchObject({ status: 413, type: 'BadInput' });
    // Only the header: nothing to do, nothing refused.
    expect((await importCsv(lead.client, header)).body.data).toEqual({ rows: [], counts: { new: 0, unchanged: 0, renamed: 0, invalid: 0 }, written: true });
  });

  it('records a price change effective now: GET /api/prices follows at once in the same shape, the history says when and who', async () => {
    const lead = await maya(ctx());
    const opening = (await call(lead.client, '/api/prices/history')).body.data;
    expect(opening.current).toHaveLength(4);
    expect(opening.current[0]).toMatchObject({ frequency: 'weekly', capacity: 1 });
    const onetime2 = opening.current.find((p: { frequency: string; capacity: number }) => p.frequency === 'onetime' && p.capacity === 2);
    const before = (await call(ctx().client(), '/api/prices')).body.data;
    expect(Object.keys(before).sort()).toEqual(['onetime', 'subscription']);
    expect(before.onetime['2']).toBe(onetime2.cents);

    const changed = await post(lead.client, '/api/prices', { frequency: 'onetime', capacity: 2, price_cents: onetime2.cents + 250 });
    expect(changed.status).toBe(201);
    expect(changed.body.data).toEqual({ frequency: 'onetime', capacity: 2, cents: onetime2.cents + 250, effective_epoch: expect.any(Number), entered_by: { id: lead.id, name: 'Maya Chen' } });
    expect(Math.abs(changed.body.data.effective_epoch - nowMs() / 1000)).toBeLessThan(5);
    const after = (await call(ctx().client(), '/api/prices')).body.data;
    expect(after).toEqual({ ...before, onetime: { ...before.onetime, '2': onetime2.cents + 250 } });
    const history = (await call(lead.client, '/api/prices/history')).body.data;
    expect(history.current.find((p: { frequency: string; capacity: number }) => p.frequency === 'onetime' && p.capacity === 2)).toEqual(changed.body.data);
    expect(history.changes[0]).toEqual(changed.body.data);

    // A change recorded ahead of the clock (the clock moved back since) is not in effect yet.
    setClock(new Date(nowMs() - 3600_000));
    expect((await call(ctx().client(), '/api/prices')).body.data.onetime['2']).toBe(before.onetime['2']);
    pinClock();
    expect((await call(ctx().client(), '/api/prices')).body.data.onetime['2']).toBe(onetime2.cents + 250);

    for (const [fields, field] of [
      [{ price_cents: '0' }, 'price_cents'],
      [{ price_cents: '-5' }, 'price_cents'],
      [{ price_cents: '12.50' }, 'price_cents'],
      [{ price_cents: '100001' }, 'price_cents'],
      [{ capacity: '3' }, 'capacity'],
      [{ frequency: 'daily' }, 'frequency'],
    ] as const) {
      const bad = await post(lead.client, '/api/prices', { frequency: 'weekly', capacity: 1, price_cents: 4000, ...fields });
      expect(bad.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(bad.body.error.fields)).toEqual([field]);
    }
  });

  it('a price change applies to checkouts after it; a weekly subscription keeps charging the price it was booked at', async () => {
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    const offering = await offeringOf(ctx(), tutor.id, 'CS 121');
    const slot = (await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx(), tutor), tutor: 'myself' })).body.data;
    const meetings = await ctx().database.db.selectFrom('meetings').select(['id', 'occurrence']).where('slot_id', '=', slot.id).orderBy('occurrence').execute();
    const oldPrice = (await call(ctx().client(), '/api/prices')).body.data.subscription['1'];

    const subscriber = await newCustomer(ctx());
    const intent = await post(subscriber.client, '/api/subscriptions', { meeting: meetings[0]!.id, slot: slot.id, offering, capacity: 1, course_style: 'online' });
    expect(intent.body.data.amount_cents).toBe(oldPrice);
    expect((await confirmOffline(subscriber.client, intent.body.data.client_secret, '4242424242424242')).body.data.status).toBe('succeeded');

    const newPrice = oldPrice + 1500;
    expect((await post(lead.client, '/api/prices', { frequency: 'weekly', capacity: 1, price_cents: newPrice })).status).toBe(201);

    // Week 2's charge, once its skip window has closed: the price it was booked at.
    await jumpClock(ctx(), new Date(new Date(meetings[1]!.occurrence).getTime() - CANCEL_NOTICE_HOURS * 3600_000 + 60_000));
    const { provider, calls } = recordingProvider();
    await ctx().notifier.settle();
    const { db } = ctx().database;
    await chargeDueWeeklyPayments({ db, provider, log: () => {} });
    const week2 = await db.selectFrom('payments').select(['id', 'amount_cents', 'payment_status']).where('customer_id', '=', subscriber.id).where('meeting_id', '=', meetings[1]!.id).executeTakeFirstOrThrow();
    expect(week2).toMatchObject({ amount_cents: oldPrice, payment_status: 'succeeded' });
    expect(calls.charges.filter((c) => c.paymentId === week2.id).map((c) => c.amountCents)).toEqual([oldPrice]);
    const later = await db.selectFrom('payments').select('amount_cents').where('subscription_id', 'is not', null).where('customer_id', '=', subscriber.id).execute();
    expect(new Set(later.map((p) => p.amount_cents))).toEqual(new Set([oldPrice]));

    // A checkout started now pays the new price; the other prices are as they were.
    const prices = (await call(ctx().client(), '/api/prices')).body.data;
    expect(prices.subscription['1']).toBe(newPrice);
    const another = (await post(tutor.client, '/api/slots', { duration_mins: 60, anchor_epoch: await freeWeeklyHour(ctx(), tutor), tutor: 'myself' })).body.data;
    const first = await db.selectFrom('meetings').select('id').where('slot_id', '=', another.id).orderBy('occurrence').executeTakeFirstOrThrow();
    const next = await post((await newCustomer(ctx())).client, '/api/subscriptions', { meeting: first.id, slot: another.id, offering, capacity: 1, course_style: 'online' });
    expect(next.status).toBe(201);
    expect(next.body.data.amount_cents).toBe(newPrice);
    const hour = (await post(tutor.client, '/api/meetings', { occurrence_epoch: await freeHour(ctx(), tutor), tutor: 'myself' })).body.data;
    const once = await post((await newCustomer(ctx())).client, '/api/payments', { meeting: hour.id, offering, capacity: 1, course_style: 'online' });
    expect(once.body.data.amount_cents).toBe(prices.onetime['1']);
  });

  it('refuses every catalog write and the supervisor reads to tutors and customers, and answers NoAuth without a session', async () => {
    const cs121 = await courseId(ctx(), 'CS 121');
    const calls: [string, string, RequestInit?][] = [
      ['POST', '/api/courses', { body: new URLSearchParams({ course_number: 'NO 1', course_name: 'No', school: 'university' }) }],
      ['POST', `/api/courses/${cs121}`, { body: new URLSearchParams({ course_name: 'Hijacked' }) }],
      ['POST', `/api/courses/${cs121}/archive?unarchive=true`],
      ['POST', '/api/courses/import?dry_run=true', { body: 'course_number,course_name,school\nNO 2,No,university', headers: { 'content-type': 'text/csv' } }],
      ['POST', '/api/courses/import', { body: 'x'.repeat(COURSE_IMPORT_MAX_BYTES + 10), headers: { 'content-type': 'text/csv' } }],
      ['GET', '/api/courses?show_archived=true'],
      ['GET', '/api/prices/history'],
      ['POST', '/api/prices', { body: new URLSearchParams({ frequency: 'weekly', capacity: '1', price_cents: '1' }) }],
    ];
    const tutor = (await jordan(ctx())).client;
    const customer = (await newCustomer(ctx())).client;
    for (const [method, path, init] of calls) {
      for (const [who, client, status, type] of [
        ['stranger', ctx().client(), 401, 'NoAuth'],
        ['tutor', tutor, 403, 'NotAuthorized'],
        ['customer', customer, 403, 'NotAuthorized'],
      ] as const) {
        const answer = await call(client, path, { method, ...init });
        expect([answer.status, answer.body.error?.type], `${who} ${method} ${path}`).toEqual([status, type]);
      }
    }
    expect((await ctx().database.db.selectFrom('courses').select('course_name').where('id', '=', cs121).executeTakeFirstOrThrow()).course_name).toBe('Intro to Programming I');
    expect(await ctx().database.db.selectFrom('courses').select('id').where('course_number', 'in', ['NO 1', 'NO 2']).execute()).toEqual([]);
    expect(await ctx().database.db.selectFrom('prices').select('id').where('cents', '=', 1).execute()).toEqual([]);
    // The public reads stay public; show_archived=false is the public list.
    expect((await call(ctx().client(), '/api/courses?show_archived=false')).status).toBe(200);
    expect((await call(ctx().client(), '/api/courses?show_archived=yes')).status).toBe(400);
  });
});
