import { expect, it } from 'vitest';
import { demoAccounts } from '../../server/demo/seed.ts';
import { call, describeApi, signInAs } from './harness.ts';

describeApi('catalog', (ctx) => {
  it('lists courses of both schools, with or without the trailing slash', async () => {
    const client = ctx().client();
    const plain = await call(client, '/api/courses');
    const slashed = await call(client, '/api/courses/');
    expect(plain.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
    const courses = plain.body.data as { id: number; course_number: string; course_name: string; school: string }[];
    expect(new Set(courses.map((c) => c.school))).toEqual(new Set(['university', 'highschool']));
    expect(Object.keys(courses[0]!).sort()).toEqual(['course_name', 'course_number', 'id', 'school']);
  });

  it('answers prices in cents by frequency and size', async () => {
    const { body } = await call(ctx().client(), '/api/prices');
    expect(body).toEqual({ status: 'success', data: { subscription: { 1: 4500, 2: 3000 }, onetime: { 1: 5500, 2: 3500 } } });
  });

  it('shows tutors to anonymous users and customers with public fields only', async () => {
    const anonymous = await call(ctx().client(), '/api/tutors');
    const customer = ctx().client();
    await signInAs(ctx(), customer, demoAccounts.customer.email);
    const asCustomer = await call(customer, '/api/tutors');
    for (const { body } of [anonymous, asCustomer]) {
      // Five demo tutors, one of them archived.
      expect(body.data.length).toBe(4);
      for (const tutor of body.data) expect(Object.keys(tutor).sort()).toEqual(['background', 'id', 'name', 'role']);
    }
    // Archived tutors (former ones, and hires not ready yet) are for staff only.
    expect(anonymous.body.data.some((t: { role: string }) => t.role === 'Archived')).toBe(false);
  });

  it('shows contact details to staff', async () => {
    const tutor = ctx().client();
    await signInAs(ctx(), tutor, demoAccounts.tutor.email);
    const { body } = await call(tutor, '/api/tutors');
    const maya = body.data.find((t: { name: string }) => t.name === 'Maya Chen');
    expect(maya).toMatchObject({ email: 'maya@beacontutoring.com', phone: '2065550101', role: 'Supervisor' });
    expect(body.data.find((t: { name: string }) => t.name === 'Lena Fischer')).toMatchObject({ role: 'Archived' });
  });

  it('resolves /api/tutors/myself to the signed-in tutor, and refuses other sessions', async () => {
    const tutor = ctx().client();
    const id = await signInAs(ctx(), tutor, demoAccounts.tutor.email);
    expect((await call(tutor, '/api/tutors/myself')).body.data).toMatchObject({ id, name: 'Jordan Alvarez', email: 'jordan@beacontutoring.com' });

    expect((await call(ctx().client(), '/api/tutors/myself')).body).toEqual({ status: 'failure', error: { type: 'NoAuth' } });
    const customer = ctx().client();
    await signInAs(ctx(), customer, demoAccounts.customer.email);
    expect((await call(customer, '/api/tutors/myself')).body.error.type).toBe('NotAuthorized');
  });

  it('answers null for a tutor that is not there or archived, to non-staff', async () => {
    const anonymous = ctx().client();
    expect((await call(anonymous, '/api/tutors/99999')).body).toEqual({ status: 'success', data: null });
    const archived = await ctx().database.db.selectFrom('tutors').select('id').where('role', '=', 'Archived').executeTakeFirstOrThrow();
    expect((await call(anonymous, `/api/tutors/${archived.id}`)).body.data).toBeNull();
    const staff = ctx().client();
    await signInAs(ctx(), staff, demoAccounts.supervisor.email);
    expect((await call(staff, `/api/tutors/${archived.id}`)).body.data).toMatchObject({ role: 'Archived', email: 'lena@beacontutoring.com' });
  });

  it('reports health with the database kind', async () => {
    const { body } = await call(ctx().client(), '/api/health');
    expect(body).toEqual({ status: 'success', data: { ok: true, database: ctx().kind } });
  });
});
