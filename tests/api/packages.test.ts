import { expect, it } from 'vitest';
import { DEMO_PACKAGES } from '../../server/demo/seed.ts';
import { PACKAGE_PRICE_CENTS_MAX } from '../../src/contract/limits.ts';
import { newCustomer, post } from './booking-helpers.ts';
import { call, describeApi, type TestContext } from './harness.ts';
import { jordan, maya } from './tutor-helpers.ts';

const onSale = async (ctx: TestContext) => (await call(ctx.client(), '/api/packages')).body.data as { id: number; name: string }[];

let serial = 0;
const newPackage = (fields: Record<string, string | number> = {}) => ({ name: `Exam month ${(serial += 1)}`, hours: 8, capacity: 1, price_cents: 40000, valid_days: 30, ...fields });

describeApi('hour packages set by a supervisor', (ctx) => {
  it("lists the demo's two packages to anyone, without their state", async () => {
    const packages = await call(ctx().client(), '/api/packages');
    expect(packages.status).toBe(200);
    const demo = packages.body.data.filter((p: { name: string }) => DEMO_PACKAGES.some((d) => d.name === p.name));
    expect(demo).toEqual(DEMO_PACKAGES.map((d) => ({ id: expect.any(Number), ...d })));
    expect(Object.keys(packages.body.data[0]).sort()).toEqual(['bonus_hours', 'capacity', 'hours', 'id', 'name', 'price_cents', 'valid_days']);
  });

  it('puts a package on sale (201), which the public list has at once; archiving takes it off, unarchive=true puts it back', async () => {
    const lead = await maya(ctx());
    await onSale(ctx()); // cached now: the writes below must reach it
    const made = await post(lead.client, '/api/packages', newPackage({ name: '  Finals  pack ', bonus_hours: 2 }));
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({ id: expect.any(Number), name: 'Finals  pack', hours: 8, bonus_hours: 2, capacity: 1, price_cents: 40000, valid_days: 30, archived: false });
    const id = made.body.data.id;
    expect((await onSale(ctx())).map((p) => p.id)).toContain(id);

    const archived = await call(lead.client, `/api/packages/${id}/archive`, { method: 'POST' });
    expect(archived.body.data).toMatchObject({ id, archived: true });
    expect((await onSale(ctx())).map((p) => p.id)).not.toContain(id);
    const all = await call(lead.client, '/api/packages?show_archived=true');
    expect(all.body.data).toContainEqual(expect.objectContaining({ id, archived: true }));

    const back = await call(lead.client, `/api/packages/${id}/archive?unarchive=true`, { method: 'POST' });
    expect(back.body.data).toMatchObject({ id, archived: false });
    expect((await onSale(ctx())).map((p) => p.id)).toContain(id);
    // Without a bonus, it is 0.
    expect((await post(lead.client, '/api/packages', newPackage())).body.data.bonus_hours).toBe(0);
  });

  it('refuses a price below 50 cents or past the most, parts of cents, no hours, a third size and a name with a direction control, naming each field', async () => {
    const lead = await maya(ctx());
    const bad = await post(lead.client, '/api/packages', { name: 'Sneaky \u202Ename', hours: 0, capacity: 3, price_cents: 49, valid_days: 0, bonus_hours: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.type).toBe('BadInput');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['bonus_hours', 'capacity', 'hours', 'name', 'price_cents', 'valid_days']);
    expect((await post(lead.client, '/api/packages', newPackage({ price_cents: 40000.5 }))).body.error.fields).toHaveProperty('price_cents');
    expect((await post(lead.client, '/api/packages', newPackage({ price_cents: PACKAGE_PRICE_CENTS_MAX + 1 }))).body.error.fields).toHaveProperty('price_cents');
    expect((await post(lead.client, '/api/packages', newPackage({ price_cents: PACKAGE_PRICE_CENTS_MAX }))).status).toBe(201);
    const missing = await post(lead.client, '/api/packages', { name: 'Nothing else' });
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['capacity', 'hours', 'price_cents', 'valid_days']);
  });

  it('is kept by supervisors only: a tutor, a customer and a stranger change nothing and do not see the archived ones', async () => {
    const lead = await maya(ctx());
    const id = (await post(lead.client, '/api/packages', newPackage())).body.data.id;
    const tutor = await jordan(ctx());
    const customer = await newCustomer(ctx());
    const stranger = ctx().client();
    for (const [client, refused] of [[tutor.client, 'NotAuthorized'], [customer.client, 'NotAuthorized'], [stranger, 'NoAuth']] as const) {
      const made = await post(client, '/api/packages', newPackage({ name: 'Not mine' }));
      expect(made.body.error.type).toBe(refused);
      expect((await call(client, `/api/packages/${id}/archive`, { method: 'POST' })).body.error.type).toBe(refused);
      expect((await call(client, '/api/packages?show_archived=true')).body.error.type).toBe(refused);
    }
    expect((await onSale(ctx())).map((p) => p.name)).not.toContain('Not mine');
    expect((await onSale(ctx())).map((p) => p.id)).toContain(id);
  });

  it('answers PackageNotFound (404) for a package that does not exist', async () => {
    const lead = await maya(ctx());
    const missing = await call(lead.client, '/api/packages/999999/archive', { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.type).toBe('PackageNotFound');
  });
});
