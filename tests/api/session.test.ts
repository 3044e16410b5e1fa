import { expect, it } from 'vitest';
import { nowMs } from '../../server/clock.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { hashSecret } from '../../server/domain/sign-in/tokens.ts';
import { call, describeApi, signInAs } from './harness.ts';

describeApi('sessions', (ctx) => {
  it('answers NoAuth to checkauth without a session, with 401', async () => {
    const { status, body } = await call(ctx().client(), '/api/checkauth');
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'failure', error: { type: 'NoAuth' } });
  });

  it('answers the user type of a customer session', async () => {
    const client = ctx().client();
    const id = await signInAs(ctx(), client, demoAccounts.customer.email);
    expect((await call(client, '/api/checkauth')).body).toEqual({
      status: 'success',
      data: { user_type: 'customer', customer: { id, firstname: 'Alex' } },
    });
  });

  it('answers the user type of a tutor session', async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.supervisor.email);
    const { body } = await call(client, '/api/checkauth');
    expect(body.data).toMatchObject({ user_type: 'tutor', tutor: { name: 'Maya Chen', role: 'Supervisor' } });
  });

  it('ignores an unknown or expired session cookie', async () => {
    const client = ctx().client();
    client.cookies.set('sid', 'not-a-real-session');
    expect((await call(client, '/api/checkauth')).body.error.type).toBe('NoAuth');

    await signInAs(ctx(), client, demoAccounts.customer.email);
    await ctx()
      .database.db.updateTable('sessions')
      .set({ expires_at: new Date(nowMs() - 1000) })
      .where('id_hash', '=', hashSecret(client.cookies.get('sid')!))
      .execute();
    expect((await call(client, '/api/checkauth')).body.error.type).toBe('NoAuth');
  });

  it('stores only a hash of the session id', async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.customer.email);
    const secret = client.cookies.get('sid')!;
    const rows = await ctx().database.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((r) => r.id_hash === secret)).toBe(false);
    expect(rows.some((r) => r.id_hash === hashSecret(secret))).toBe(true);
  });

  it('logs out: the session ends on the server and the cookie is cleared', async () => {
    const client = ctx().client();
    await signInAs(ctx(), client, demoAccounts.customer.email);
    const secret = client.cookies.get('sid')!;
    const response = await client.fetch('/api/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/sid=;.*Max-Age=0/i);
    expect(client.cookies.has('sid')).toBe(false);
    expect((await call(client, '/api/checkauth')).body.error.type).toBe('NoAuth');

    // The old cookie value is useless even if someone kept it.
    const thief = ctx().client();
    thief.cookies.set('sid', secret);
    expect((await call(thief, '/api/checkauth')).body.error.type).toBe('NoAuth');
  });

  it('logs out without a session too', async () => {
    expect((await call(ctx().client(), '/api/logout', { method: 'POST' })).body).toEqual({ status: 'success', data: null });
  });
});
