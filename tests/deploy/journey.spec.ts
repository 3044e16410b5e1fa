import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliDecompressSync, zstdDecompressSync } from 'node:zlib';
import { TZDate } from '@date-fns/tz';
import type { Browser } from '@playwright/test';
import { chooseAndList, fillContact } from '../e2e/booking-steps.ts';
import { deployTest as test, expect } from '../e2e/csp.ts';
import { deploy, fetchRaw, routeStripeToStandIn, signInByEmail } from './deploy-env.ts';
import type { DeliveredEvent } from './stripe-standin.ts';

/**
 * Going live, end to end (npm run test:deploy, docs/operations.md, 'Going live'): the production server on an
 * empty PostgreSQL database, reached only through Caddy's https address, emails through SMTP,
 * payments through the Stripe stand-in. Nothing here touches the database: the first supervisor
 * comes from the admin command, everything else from the screens.
 */
test.describe.configure({ mode: 'serial' });

const ZONE = 'America/Los_Angeles';
const SUPERVISOR = { name: 'Morgan Lee', email: 'morgan@beacontutoring.com', phone: '2065550191' };
const TUTOR = { name: 'Casey Quinn', email: 'casey@beacontutoring.com', phone: '(206) 555-0192', bio: 'Casey aced general chemistry and loves stoichiometry.' };
const VISITOR = { first: 'Rosa', last: 'Diaz', email: 'rosa.diaz@example.com', phone: '2065550166' };
const COURSE = { number: 'CHEM 101', name: 'General Chemistry' };
/** The price table a new site starts without: checkouts of a kind without a price are refused. */
const PRICES = [
  ['One-on-One, One Time', '55.00'],
  ['Group-of-Two, One Time', '35.00'],
  ['One-on-One, Weekly', '45.00'],
  ['Group-of-Two, Weekly', '30.00'],
] as const;

const exec = promisify(execFile);
const newContext = (browser: Browser) => browser.newContext({ ignoreHTTPSErrors: true, timezoneId: ZONE, locale: 'en-US' });

test('Caddy serves the site over https, compressing only what the server did not', async () => {
  await test.step("a hashed script keeps the server's precompressed brotli twin (not compressed twice)", async () => {
    const files = readdirSync('dist/_astro');
    const script = files.find((name) => name.endsWith('.js') && files.includes(`${name}.br`))!;
    const answer = await fetchRaw(`/_astro/${script}`, { 'accept-encoding': 'zstd, br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).equals(readFileSync(`dist/_astro/${script}`))).toBe(true);
  });
  await test.step('a page the server sends uncompressed (it has no zstd) is compressed by Caddy', async () => {
    const answer = await fetchRaw('/terms', { 'accept-encoding': 'zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(answer.body).toString()).toContain('</html>');
  });
  await test.step("the server's headers go out (HSTS), Caddy's Server header does not", async () => {
    const answer = await fetchRaw('/');
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(answer.headers.server).toBeUndefined();
  });
  await test.step("Stripe's webhook endpoint refuses a body whose signature does not match", async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged' } } });
    const answer = await fetchRaw('/api/stripe/webhook', { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ status: 'failure', error: { type: 'BadInput' } });
  });
});

test('from the first supervisor to a paid booking', async ({ page, browser }) => {
  await test.step('the admin command adds the first supervisor', async () => {
    const { stdout } = await exec('npm', ['run', '--silent', 'admin', '--', 'add-supervisor', '--email', SUPERVISOR.email, '--name', SUPERVISOR.name, '--phone', SUPERVISOR.phone], { env: process.env });
    expect(stdout).toContain(`added: ${SUPERVISOR.email}`);
  });

  await test.step('the supervisor signs in by the emailed link', async () => {
    await signInByEmail(page, SUPERVISOR.email, /\/tutors\/myself\/dashboard$/);
  });

  await test.step(`the supervisor adds ${COURSE.number} and the prices on Courses & Prices`, async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Courses & Prices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Courses & Prices' })).toBeVisible();
    const add = page.getByRole('form', { name: 'Add a course' });
    await add.getByLabel('Course number').fill(COURSE.number);
    await add.getByLabel('Course name').fill(COURSE.name);
    await add.getByLabel('School').selectOption({ label: 'University' });
    await add.getByRole('button', { name: 'Add course' }).click();
    await expect(page.getByText(`Added ${COURSE.number} (${COURSE.name}) to University.`)).toBeVisible();
    for (const [name, dollars] of PRICES) {
      const price = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await price.getByRole('button', { name: `Change price, ${name}` }).click();
      await price.getByLabel(`New price, ${name}`).fill(dollars);
      await price.getByRole('button', { name: 'Save price' }).click();
      await expect(page.getByText(`${name} is now $${dollars} for checkouts from now on.`)).toBeVisible();
    }
  });

  await test.step(`the supervisor hires ${TUTOR.name}, qualifies them for ${COURSE.number} and unarchives them`, async () => {
    await page.getByRole('link', { name: 'Team View' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Team' })).toBeVisible();
    await page.getByRole('button', { name: 'Create a Tutor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Tutor' });
    await dialog.getByLabel('First Name').fill(TUTOR.name);
    await dialog.getByLabel('Email').fill(TUTOR.email);
    await dialog.getByLabel('Phone').fill(TUTOR.phone);
    await dialog.getByLabel('Bio').fill(TUTOR.bio);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog', { name: `${TUTOR.name} was created` }).getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Upload a profile photo' }).getByRole('button', { name: 'Close' }).click();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TUTOR.name }) });
    await card.getByRole('button', { name: 'Expand' }).click();
    const course = card.getByLabel('Class', { exact: true });
    await course.click();
    await course.pressSequentially(COURSE.number);
    await page.keyboard.press('Enter');
    await card.getByLabel('Qualification', { exact: true }).fill(`A in ${COURSE.number}`);
    await card.getByRole('button', { name: 'Submit' }).first().click();
    const unarchiveOffering = card.getByRole('button', { name: new RegExp(`^Unarchive ${COURSE.number}`) });
    await expect(unarchiveOffering).toBeVisible();
    await card.getByRole('button', { name: 'Unarchive', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm unarchival' }).getByRole('button', { name: 'Unarchive' }).click();
    await expect(page.getByRole('dialog', { name: 'Tutor Succesfully Unarchived' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await unarchiveOffering.click();
    await expect(card.getByRole('button', { name: new RegExp(`^Archive ${COURSE.number}`) })).toBeVisible();
  });

  // Three days ahead at 9:30 in the site's zone: bookable, and well inside the semester.
  const today = new TZDate(Date.now(), ZONE);
  const hour = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 3, 9, 30, ZONE);
  const tutorContext = await newContext(browser);
  const tutor = await tutorContext.newPage();
  await test.step(`${TUTOR.name} signs in by the emailed link and publishes a one-off hour`, async () => {
    await signInByEmail(tutor, TUTOR.email, /\/tutors\/myself\/dashboard$/);
    await tutor.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Availability' }).click();
    await expect(tutor.getByRole('heading', { level: 1, name: 'Manage Availability' })).toBeVisible();
    await tutor.getByRole('button', { name: 'Add availability' }).click();
    const dialog = tutor.getByRole('dialog', { name: 'Add availability' });
    const two = (n: number) => String(n).padStart(2, '0');
    await dialog.getByLabel('Start time').fill(`${hour.getFullYear()}-${two(hour.getMonth() + 1)}-${two(hour.getDate())}T09:30`);
    await dialog.getByLabel('Is this a one-time meeting?').check();
    await dialog.getByRole('button', { name: 'Create One-off Availability' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(tutor.locator('article').filter({ hasText: 'This slot is unbooked' })).toHaveCount(1);
  });

  const visitorContext = await newContext(browser);
  await routeStripeToStandIn(visitorContext);
  const visitor = await visitorContext.newPage();
  await test.step('a visitor books the hour from the home page and pays by card (Stripe.js: the stand-in)', async () => {
    await chooseAndList(visitor, { course: COURSE.number, size: 'One-on-one', frequency: 'One Time', place: 'Online' });
    await visitor.getByRole('button', { name: new RegExp(`^Book ${TUTOR.name}, `) }).click();
    await expect(visitor.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
    await fillContact(visitor, VISITOR);
    await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
    await visitor.getByLabel('Expiry').fill('12 / 34');
    await visitor.getByLabel('CVC').fill('123');
    await visitor.getByRole('button', { name: 'Pay' }).click();
    await expect(visitor.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  });

  await test.step("Stripe's signed webhook reaches the server through Caddy", async () => {
    await expect
      .poll(async () => {
        const events = (await (await fetch(`${deploy.stripeUrl}/_standin/events`)).json()).data as DeliveredEvent[];
        return events.map((event) => `${event.type} ${event.deliveries.at(-1)?.status ?? 'pending'}`);
      })
      .toEqual(['payment_intent.succeeded 200']);
  });

  await test.step('the visitor signs in by the emailed link (another browser) and sees the session paid', async () => {
    await visitorContext.close();
    const laterContext = await newContext(browser);
    const visitor = await laterContext.newPage();
    await signInByEmail(visitor, VISITOR.email, /\/student\/dashboard$/);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Upcoming Sessions' })).toBeVisible();
    const session = visitor.locator('article').filter({ hasText: COURSE.name });
    await expect(session).toHaveCount(1);
    await expect(session).toContainText(TUTOR.name);
    await expect(session.getByText('Paid', { exact: true })).toBeVisible();
    await laterContext.close();
  });

  await test.step(`${TUTOR.name}'s schedule shows the seat paid`, async () => {
    await tutor.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Schedule' }).click();
    await expect(tutor.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    const booked = tutor.locator('article').filter({ hasText: `${VISITOR.first} ${VISITOR.last}` });
    await expect(booked).toHaveCount(1);
    await expect(booked).toContainText(VISITOR.email);
    await expect(booked.getByText('Paid', { exact: true })).toBeVisible();
  });
  await tutorContext.close();
});
