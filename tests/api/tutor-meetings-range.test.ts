import { afterEach, beforeEach, expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { newCustomer } from './booking-helpers.ts';
import { call, describeApi } from './harness.ts';
import { bookedMeeting, DAY, freeHour, HOUR, jordan, maya, pinClock, priya } from './tutor-helpers.ts';

/**
 * The tutor's calendar for a span (`from`/`to`, the dashboard's week view): the meetings starting
 * in it and nothing else, the same entries as the whole calendar's; wrong spans refused; who may
 * ask unchanged.
 */

beforeEach(() => pinClock());
afterEach(() => pinClock());

interface Entry {
  meeting: { id: number; occurrence_epoch: number };
  payments: { id: number }[];
}

const ids = (entries: Entry[]) => entries.map((e) => e.meeting.id);

describeApi('a tutor\'s calendar for a span', (ctx) => {
  it('answers the meetings that start at or after from and before to, as the whole calendar has them', async () => {
    const tutor = await jordan(ctx());
    const start = await freeHour(ctx(), tutor, { from: Math.floor(nowMs() / 1000) + 3 * DAY });
    const { meetingId } = await bookedMeeting(ctx(), tutor, start);
    const all = (await call(tutor.client, '/api/tutors/myself/meetings')).body.data as Entry[];
    const from = start - 2 * DAY;
    const to = start + 5 * DAY;
    const { status, body } = await call(tutor.client, `/api/tutors/myself/meetings?from=${from}&to=${to}`);
    expect(status).toBe(200);
    const span = body.data as Entry[];
    expect(ids(span)).toEqual(ids(all.filter((e) => e.meeting.occurrence_epoch >= from && e.meeting.occurrence_epoch < to)));
    expect(ids(span)).toContain(meetingId);
    expect(span.length).toBeLessThan(all.length);
    // The same entry, payments included.
    expect(span.find((e) => e.meeting.id === meetingId)).toEqual(all.find((e) => e.meeting.id === meetingId));
    // `from` counts, `to` does not.
    expect(ids((await call(tutor.client, `/api/tutors/myself/meetings?from=${start}&to=${start + 1}`)).body.data)).toEqual([meetingId]);
    expect(ids((await call(tutor.client, `/api/tutors/myself/meetings?from=${start - HOUR}&to=${start}`)).body.data)).not.toContain(meetingId);
    // The spec's call is unchanged without them.
    expect(ids((await call(tutor.client, `/api/tutors/${tutor.id}/meetings`)).body.data)).toEqual(ids(all));
  });

  it('refuses a span that is not whole numbers, is backwards, is longer than 62 days or lacks one end', async () => {
    const tutor = await jordan(ctx());
    const now = Math.floor(nowMs() / 1000);
    const wrong: [string, string][] = [
      [`from=${now}`, 'to'],
      [`to=${now}`, 'to'],
      [`from=${now}.5&to=${now + DAY}`, 'from'],
      [`from=abc&to=${now + DAY}`, 'from'],
      [`from=${now}&to=${now}`, 'to'],
      [`from=${now + DAY}&to=${now}`, 'to'],
      [`from=${now}&to=${now + 62 * DAY + 1}`, 'to'],
      [`from=-5&to=${now}`, 'from'],
    ];
    for (const [query, field] of wrong) {
      const { status, body } = await call(tutor.client, `/api/tutors/myself/meetings?${query}`);
      expect({ query, status, type: body.error?.type, named: Object.keys(body.error?.fields ?? {}) }).toEqual({ query, status: 400, type: 'BadInput', named: [field] });
    }
    expect((await call(tutor.client, `/api/tutors/myself/meetings?from=${now}&to=${now + 62 * DAY}`)).status).toBe(200);
  });

  it('keeps who may ask: another tutor and customers are refused, a supervisor may read any tutor\'s span', async () => {
    const b = await priya(ctx());
    const start = await freeHour(ctx(), b);
    const { meetingId } = await bookedMeeting(ctx(), b, start, 'MATH 124');
    const query = `from=${start - DAY}&to=${start + DAY}`;
    const a = await jordan(ctx());
    const customer = await newCustomer(ctx());
    expect((await call(a.client, `/api/tutors/${b.id}/meetings?${query}`)).body.error.type).toBe('NotAuthorized');
    expect((await call(customer.client, `/api/tutors/${b.id}/meetings?${query}`)).body.error.type).toBe('NotAuthorized');
    expect((await call(ctx().client(), `/api/tutors/${b.id}/meetings?${query}`)).body.error.type).toBe('NoAuth');
    // A stranger learns nothing from a wrong span either: the session is checked first.
    expect((await call(ctx().client(), `/api/tutors/${b.id}/meetings?from=x`)).body.error.type).toBe('NoAuth');
    const supervisor = await maya(ctx());
    expect(ids((await call(supervisor.client, `/api/tutors/${b.id}/meetings?${query}`)).body.data)).toContain(meetingId);
  });
});
