import { expect, it } from 'vitest';
import { call, describeApi } from './harness.ts';
import { courseId, newCustomer, post } from './booking-helpers.ts';

const sizes = ['1', '2'] as const;
const styles = ['in-person', 'online'] as const;

/**
 * Spec 1's client builds the availability address one filter at a time (`?course=3&`, then
 * `capacity=2&`, …) and may stop after any of them: every subset of the filters after `course`
 * answers every match, and an empty or trailing filter means "any".
 */
describeApi('availability filters as the spec client sends them', (ctx) => {
  async function ids(path: string): Promise<number[]> {
    const { status, body } = await call(ctx().client(), path);
    expect(status, path).toBe(200);
    expect(body.status, path).toBe('success');
    return (body.data as { id?: number; slot?: { id: number } }[]).map((row) => row.slot?.id ?? row.id!).sort((a, b) => a - b);
  }
  const union = (lists: number[][]) => [...new Set(lists.flat())].sort((a, b) => a - b);

  it('answers one-off meetings for every subset of capacity and course_style, with trailing or empty filters', async () => {
    const cs121 = await courseId(ctx(), 'CS 121');
    // A booked group-of-two online meeting: its second seat fits only capacity 2, online.
    const first = await newCustomer(ctx());
    const meeting = (await call(first.client, `/api/meetings?course=${cs121}&capacity=2&course_style=online`)).body.data[0];
    expect((await post(first.client, '/api/payments', { meeting: meeting.id, offering: meeting.offering.id, capacity: 2, course_style: 'online' })).status).toBe(201);

    const full: Record<string, number[]> = {};
    for (const size of sizes) for (const style of styles) full[`${size} ${style}`] = await ids(`/api/meetings?course=${cs121}&capacity=${size}&course_style=${style}`);
    const all = union(Object.values(full));
    expect(all.length).toBeGreaterThan(0);

    for (const path of [`/api/meetings?course=${cs121}`, `/api/meetings?course=${cs121}&`, `/api/meetings?course=${cs121}&tutor=&`, `/api/meetings?course=${cs121}&capacity=&course_style=&`]) {
      expect(await ids(path), path).toEqual(all);
    }
    for (const size of sizes) {
      const expected = union(styles.map((style) => full[`${size} ${style}`]!));
      expect(await ids(`/api/meetings?course=${cs121}&capacity=${size}&`)).toEqual(expected);
      expect(await ids(`/api/meetings?course=${cs121}&capacity=${size}&course_style=&`)).toEqual(expected);
    }
    for (const style of styles) {
      const expected = union(sizes.map((size) => full[`${size} ${style}`]!));
      expect(await ids(`/api/meetings?course=${cs121}&course_style=${style}&`)).toEqual(expected);
    }
    expect(await ids(`/api/meetings?course=${cs121}&capacity=2&course_style=online&`)).toEqual(full['2 online']);

    expect(await ids(`/api/meetings?course=${cs121}&`)).toContain(meeting.id);
    expect(await ids(`/api/meetings?course=${cs121}&capacity=2&`)).toContain(meeting.id);
    expect(await ids(`/api/meetings?course=${cs121}&course_style=online&`)).toContain(meeting.id);
    expect(await ids(`/api/meetings?course=${cs121}&capacity=1&`)).not.toContain(meeting.id);
    expect(await ids(`/api/meetings?course=${cs121}&course_style=in-person&`)).not.toContain(meeting.id);
  });

  it('answers weekly slots for every subset of the filters, subscription included', async () => {
    const math = await courseId(ctx(), 'MATH 124');
    const full: Record<string, number[]> = {};
    for (const size of sizes) for (const style of styles) full[`${size} ${style}`] = await ids(`/api/slots?course=${math}&capacity=${size}&course_style=${style}&subscription=true`);
    const all = union(Object.values(full));
    expect(all.length).toBeGreaterThan(0);
    for (const path of [
      `/api/slots?course=${math}&`,
      `/api/slots?course=${math}&subscription=true&`,
      `/api/slots?course=${math}&subscription=&`,
      `/api/slots?course=${math}&capacity=&course_style=&subscription=true&`,
    ]) {
      expect(await ids(path), path).toEqual(all);
    }
    for (const size of sizes) {
      expect(await ids(`/api/slots?course=${math}&capacity=${size}&subscription=true&`)).toEqual(union(styles.map((style) => full[`${size} ${style}`]!)));
    }
    for (const style of styles) {
      expect(await ids(`/api/slots?course=${math}&course_style=${style}&`)).toEqual(union(sizes.map((size) => full[`${size} ${style}`]!)));
    }
  });

  it('still refuses a missing course and malformed filters', async () => {
    for (const q of ['', '&', 'course=', 'capacity=1&course_style=online', 'course=1&capacity=3', 'course=1&course_style=moon&', 'course=1&capacity=%20&', 'course=1&subscription=yes']) {
      for (const call_ of ['meetings', 'slots']) {
        const { status, body } = await call(ctx().client(), `/api/${call_}?${q}`);
        expect(status, `${call_}?${q}`).toBe(400);
        expect(body.error.type).toBe('BadInput');
      }
    }
  });
});
