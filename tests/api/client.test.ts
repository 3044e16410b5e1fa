import { expect, it } from 'vitest';
import * as api from '../../src/api/index.ts';
import { demoAccounts } from '../../server/demo/seed.ts';
import { describeApi, signInAs } from './harness.ts';

/** The typed client of src/api/ against the real server, for the calls whose server side exists. */
describeApi('api client against the server', (ctx) => {
  it('reads courses, prices, tutors and health', async () => {
    ctx().client().use();
    const courses = await api.getCourses();
    expect(courses.status).toBe('success');
    if (courses.status === 'success') expect(courses.data.length).toBeGreaterThan(10);
    expect(await api.getPrices()).toEqual({ status: 'success', data: { subscription: { 1: 4500, 2: 3000 }, onetime: { 1: 5500, 2: 3500 } } });
    const tutors = await api.getTutors();
    expect(tutors.status === 'success' && tutors.data.map((t) => t.name)).toContain('Priya Natarajan');
    expect(await api.getHealth()).toEqual({ status: 'success', data: { ok: true, database: ctx().kind } });
  });

  it('checks the session, reads the tutor behind myself, and logs out', async () => {
    const client = ctx().client().use();
    expect(await api.checkAuth()).toEqual({ status: 'failure', error: { type: 'NoAuth' } });
    const id = await signInAs(ctx(), client, demoAccounts.tutor.email);
    const auth = await api.checkAuth();
    expect(auth.status === 'success' && auth.data.user_type).toBe('tutor');
    const me = await api.getTutor('myself');
    expect(me.status === 'success' && me.data?.id).toBe(id);
    expect((await api.logout()).status).toBe('success');
    expect(await api.checkAuth()).toEqual({ status: 'failure', error: { type: 'NoAuth' } });
  });

  it('reports a call the server does not have yet as a failure envelope, not a crash', async () => {
    ctx().client().use();
    const result = await api.getCategories('abc');
    expect(result.status).toBe('failure');
  });
});
