// SCRATCH (not committed): seeds by SQL what admin/catalog screens will make, to try the payment path.
import pg from 'pg';
import { expect, test } from '../e2e/csp.ts';
import { chooseAndList, fillContact, leaveBookedScreen } from '../e2e/booking-steps.ts';
import { deploy, routeStripeToStandIn, signInByEmail } from './deploy-env.ts';

test.describe.configure({ mode: 'serial' });
test('scratch: book and pay through the stand-in', async ({ page, context, browser }) => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const course = (await client.query(`insert into courses (school, course_number, course_name) values ('university','CHEM 101','General Chemistry') returning id`)).rows[0].id;
  await client.query(`insert into prices (frequency, capacity, cents) values ('weekly',1,4500),('weekly',2,3000),('onetime',1,5500),('onetime',2,3500)`);
  const tutor = (await client.query(`insert into tutors (name,email,phone,role,background) values ('Casey Quinn','casey@beacontutoring.com','2065550190','Tutor','Casey loves chemistry.') returning id`)).rows[0].id;
  await client.query(`insert into offerings (tutor_id, course_id, qualification, archived) values ($1,$2,'A in CHEM 101',false)`, [tutor, course]);
  await client.query(`insert into meetings (tutor_id, occurrence) values ($1, now() + interval '3 days')`, [tutor]);
  await client.end();

  await routeStripeToStandIn(context);
  await chooseAndList(page, { course: 'CHEM 101', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await page.getByRole('button', { name: /^Book Casey Quinn/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
  await fillContact(page, { first: 'Rosa', last: 'Diaz', email: 'rosa.diaz@example.com', phone: '2065550166' });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect.poll(async () => {
    const events = (await (await fetch(`${deploy.stripeUrl}/_standin/events`)).json()).data;
    return events.map((e: any) => `${e.type} ${e.deliveries.at(-1)?.status}`);
  }).toEqual(['payment_intent.succeeded 200']);
  const visitor = await browser.newContext({ ignoreHTTPSErrors: true });
  const p2 = await visitor.newPage();
  await signInByEmail(p2, 'rosa.diaz@example.com', /\/student\/dashboard/);
  await p2.goto('/student/dashboard/sessions');
  await p2.pause?.();
  console.log(await p2.locator('main').innerText());
  const t = await browser.newContext({ ignoreHTTPSErrors: true });
  const p3 = await t.newPage();
  await signInByEmail(p3, 'casey@beacontutoring.com', /\/tutors\/myself\/dashboard/);
  console.log(await p3.locator('main').innerText());
});
