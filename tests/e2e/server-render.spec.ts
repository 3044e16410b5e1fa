import { expect, type Page, test } from '@playwright/test';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The dashboard's first screen comes written in its page (server/dashboard-shell.ts with
 * src/islands/render-dashboard.tsx): the student sees their sessions before any script has run,
 * styled as the browser's render would be, and the browser then takes the same HTML over
 * (hydration) without a mismatch, moving times to its own zone.
 */
test.describe.configure({ mode: 'serial' });

/** Errors the page logged or threw: a hydration mismatch is logged as one (React's recoverable errors). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('without scripts, the student dashboard shows the greeting, the sidebar and the upcoming sessions, styled', async ({ browser }) => {
  const signedIn = await browser.newContext();
  await signInThroughOutbox(await signedIn.newPage(), 'alex@example.com');
  const cookies = (await signedIn.cookies()).filter((cookie) => cookie.name.endsWith('sid'));
  await signedIn.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto('/student/dashboard');
  await expect(page.getByText('Hi, Alex')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Sessions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CS 121 Grades' })).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('heading', { name: 'Your tutor' })).toBeVisible();
  await expect(card).toContainText(/\d{1,2}:\d{2}.*[AP]M [A-Z]{3}/);
  // The server's class names are the page's CSS's: the card has its border and rounded corners.
  await expect(card).toHaveCSS('border-radius', '14px');
  await expect(page.getByText('Loading your dashboard…')).toHaveCount(0);
  await context.close();
});

test('the browser takes the page over without a mismatch, moves times to its zone, and the server then writes that zone', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await signInThroughOutbox(page, 'alex@example.com');
  // A first visit: the server did not know the zone, and wrote the campus's; the browser moved it
  // (the campus clock stays beside an in-person session's time only).
  const card = page.getByRole('article').first();
  await expect(card).toContainText(/[AP]M E[SD]T/);
  await expect(card).not.toContainText(/P[SD]T(?! on campus)/);
  // Live: the page's buttons work.
  await page.getByRole('button', { name: 'Book another session' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Book a session' })).toBeVisible();

  // The page told the server its zone: the next page comes written in New York time.
  const html = await (await page.request.get('/student/dashboard')).text();
  expect(html).toMatch(/data-moment="[^"]*America\/New_York/);
  expect(html).toMatch(/[AP]M E[SD]T/);
  // Nothing was left for the browser to render (a Suspense boundary the server could not finish).
  expect(html).not.toContain('<!--$!-->');
  await page.reload();
  await expect(page.getByRole('article').first()).toContainText(/[AP]M E[SD]T/);
  await page.getByRole('button', { name: 'Book another session' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Book a session' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("a tutor's dashboard page is written by the server too, and its screens load once the page is live", async ({ page }) => {
  const errors = collectErrors(page);
  await signInThroughOutbox(page, 'jordan@beacontutoring.com', 'tutor');
  // The frame (sidebar, Log out) and the screen's loading state come in the page itself.
  const html = await (await page.request.get('/tutors/myself/dashboard')).text();
  expect(html).toMatch(/<div id="dashboard"[^>]* data-moment="[^"]+"><div class="[^"]+"><nav [^>]*aria-label="Dashboard"/);
  expect(html).toContain('Log out');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await page.getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('button', { name: 'Add availability' })).toBeVisible();
  expect(errors).toEqual([]);
});
