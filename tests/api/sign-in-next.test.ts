import { expect, it } from 'vitest';
import { call, describeApi, type TestContext } from './harness.ts';

/**
 * Sign in and come back (issue 25): the emailed login link carries the dashboard address that asked
 * for it, and only such an address.
 */
const lastLink = async (ctx: TestContext, email: string) =>
  (await ctx.database.db.selectFrom('outbox').select('link').where('to', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()).link;

const ask = (ctx: TestContext, userType: string, email: string, next: string) =>
  call(ctx.client(), `/api/login?user_type=${userType}&email=${encodeURIComponent(email)}&next=${encodeURIComponent(next)}`, { method: 'POST' });

describeApi('a login link back to the page that asked', (ctx) => {
  it('leads back to a dashboard address of the account\'s kind', async () => {
    expect((await ask(ctx(), 'customer', 'alex@example.com', '/student/dashboard/history')).status).toBe(200);
    expect(await lastLink(ctx(), 'alex@example.com')).toMatch(/\/login\?token=[A-Za-z0-9_-]+&next=%2Fstudent%2Fdashboard%2Fhistory$/);
  });

  it.each([['https://evil.example/x'], ['//evil.example'], ['/tutors/myself/dashboard'], ['/student/dashboard/../../dev/outbox']])('leaves out %s', async (next) => {
    expect((await ask(ctx(), 'customer', 'alex@example.com', next)).status).toBe(200);
    expect(await lastLink(ctx(), 'alex@example.com')).toMatch(/\/login\?token=[A-Za-z0-9_-]+$/);
  });
});
