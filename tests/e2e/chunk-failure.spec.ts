import type { Page, Request } from '@playwright/test';
import { expect, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { chooseAndList } from './booking-steps.ts';
import { test as cspTest } from './csp.ts';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * Spec 1 §1: a script chunk that fails to load is reported. The page keeps its place: the part
 * that did not load shows a message, Retry and the support phone, and Retry fetches it again.
 */
test.use({ locale: 'en-US' });

/** Aborts the first request for a chunk whose file name starts with `name`; later ones go through. */
async function failFirstLoadOf(page: Page, name: string): Promise<() => number> {
  let requests = 0;
  await page.route(new RegExp(`/_astro/${name}[^/]*\\.js$`), (route) => (requests++ === 0 ? route.abort('internetdisconnected') : route.continue()));
  return () => requests;
}

/** The error report the page sends, with the server's answer. */
async function reportOf(request: Request) {
  const response = await request.response();
  return { fields: Object.fromEntries(new URLSearchParams(await multipartAsQuery(request))), answer: await response?.json() };
}

/** A multipart body's text fields as a query string (Playwright hands the raw body over). */
async function multipartAsQuery(request: Request): Promise<string> {
  const body = request.postData() ?? '';
  const fields = [...body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map(([, name, value]) => [name!, value!]);
  return new URLSearchParams(fields).toString();
}

const failureText = 'This part of the page did not load. Check your connection and retry.';

test('booking step 3 whose chunk fails shows the message and the phone, is reported, and loads on Retry', async ({ page }) => {
  const requests = await failFirstLoadOf(page, 'StepFinalize');
  await chooseAndList(page, { course: 'CS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST');
  await page.getByRole('button', { name: /^Book / }).first().click();

  const booking = page.locator('#book');
  await expect(booking.getByRole('alert')).toHaveText(failureText);
  const failure = booking.getByRole('alert').locator('..');
  await expect(failure.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
  await expectAccessible(page);
  const { fields, answer } = await reportOf(await reported);
  expect(fields).toMatchObject({ name: 'ChunkLoadError', where: 'booking step 3', page: '/' });
  expect(fields.chunk_url).toMatch(/^\/_astro\/StepFinalize[^/]*\.js$/);
  expect(answer).toEqual({ status: 'success', data: null });

  await booking.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
  await expect(booking.getByRole('alert')).toHaveCount(0);
  expect(requests()).toBe(2);
});

test('the tutor dashboard whose chunk fails keeps its frame, is reported, and loads on Retry', async ({ page }) => {
  await signInThroughOutbox(page, 'jordan@beacontutoring.com', 'tutor');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  // The server wrote that heading: the page's code loads after it has painted, and the first load's
  // chunks must be in before the route below fails the next one.
  await dashboardLive(page);

  // A fresh load of the page, with the tutor side's chunk failing this time.
  const requests = await failFirstLoadOf(page, 'dashboard-tutor');
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST');
  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText(failureText);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectAccessible(page);
  const { fields, answer } = await reportOf(await reported);
  expect(fields).toMatchObject({ name: 'ChunkLoadError', page: '/tutors/myself/dashboard' });
  expect(fields.chunk_url).toMatch(/^\/_astro\/dashboard-tutor[^/]*\.js$/);
  expect(answer).toEqual({ status: 'success', data: null });

  // One Retry brings back every part that chunk carries: the screen and the sidebar.
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Availability' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(requests()).toBe(2);
});

// The island's own entry: the booking island's script, not BookingFlow's (Astro retries it once
// with `?astro-retry=`, so every request is aborted).
const BOOKING_ENTRY = /\/_astro\/Booking\.[\w-]+\.js(\?[^/]*)?$/;

cspTest("the booking island whose own script does not load is reported once and says so with the phone, within the page's policy", async ({ page }) => {
  let entryRequests = 0;
  await page.route(BOOKING_ENTRY, (route) => {
    entryRequests++;
    return route.abort('internetdisconnected');
  });
  const reports: Request[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/client-errors') && r.method() === 'POST') reports.push(r);
  });
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST');
  await page.goto('/');
  const booking = page.locator('#book');
  // client:visible: the island's script is fetched once the section is on screen.
  await booking.scrollIntoViewIfNeeded();

  const { fields, answer } = await reportOf(await reported);
  expect(fields).toEqual({
    name: 'TypeError',
    message: expect.stringMatching(/^Failed to fetch dynamically imported module: http:\/\/localhost:\d+\/_astro\/Booking\./),
    where: 'island-load',
    page: '/',
    chunk_url: expect.stringMatching(/^\/_astro\/Booking\.[\w-]+\.js$/),
  });
  expect(answer).toEqual({ status: 'success', data: null });

  const notice = booking.getByRole('alert');
  await expect(notice).toHaveText('This part of the page did not load. Reload the page, or call or text us at (206) 555-0142.');
  await expect(notice.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
  // The page's other island started (Astro drops `ssr` from an island once it has hydrated).
  await expect(page.locator('astro-island[component-url*="/HeroLogin."]')).not.toHaveAttribute('ssr');
  await expectAccessible(page);
  // Astro's import and its one retry failed; the island was reported once.
  expect(entryRequests).toBe(2);
  expect(reports).toHaveLength(1);
});
