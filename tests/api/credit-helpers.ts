import { expect } from 'vitest';
import { DEMO_PACKAGES } from '../../server/demo/seed.ts';
import { confirmOffline, courseId, post } from './booking-helpers.ts';
import { call, type TestClient, type TestContext } from './harness.ts';

/** The demo's package of this size (10 hours), as the public list has it. */
export async function demoPackage(ctx: TestContext, capacity: 1 | 2) {
  const packages = (await call(ctx.client(), '/api/packages')).body.data as { id: number; name: string; capacity: number; price_cents: number }[];
  return packages.find((p) => p.capacity === capacity && DEMO_PACKAGES.some((d) => d.name === p.name))!;
}

/** Starts buying the demo package of this size: its intent, not paid yet. */
export async function startBuying(ctx: TestContext, client: TestClient, capacity: 1 | 2 = 1) {
  const sold = await demoPackage(ctx, capacity);
  const started = await post(client, '/api/package-purchases', { package: sold.id });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { sold, intent: started.body.data as { client_secret: string; payment_id: number; amount_cents: number; status: string } };
}

/** Buys the demo package of this size with a good card: 10 hours. */
export async function buyHours(ctx: TestContext, client: TestClient, capacity: 1 | 2 = 1) {
  const bought = await startBuying(ctx, client, capacity);
  expect((await confirmOffline(client, bought.intent.client_secret, '4242424242424242')).body.data?.status).toBe('succeeded');
  return bought;
}

export const creditsOf = async (client: TestClient) => (await call(client, '/api/customers/myself')).body.data.credits as number;
export const ledgerOf = async (client: TestClient) => (await call(client, '/api/customers/myself/credits')).body.data;

/** One-time meetings of a course with a free one-on-one online seat, as the booking flow lists them. */
export async function openMeetings(ctx: TestContext, course: string, capacity: 1 | 2 = 1) {
  const id = await courseId(ctx, course);
  return (await call(ctx.client(), `/api/meetings?course=${id}&capacity=${capacity}&course_style=online`)).body.data as { id: number; occurrence_epoch: number; offering: { id: number } }[];
}

export const bookingOf = (meeting: { id: number; offering: { id: number } }, capacity: 1 | 2 = 1) => ({ meeting: meeting.id, offering: meeting.offering.id, capacity, course_style: 'online' });
