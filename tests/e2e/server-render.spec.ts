import type { Browser, Page } from '@playwright/test';
import { expect, newContext, test } from './suite-clock.ts';
import { dashboardLive } from './dashboard-live.ts';
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
  const signedIn = await newContext(browser);
  await signInThroughOutbox(await signedIn.newPage(), 'alex@example.com');
  const cookies = (await signedIn.cookies()).filter((cookie) => cookie.name.endsWith('sid'));
  await signedIn.close();

  const context = await newContext(browser, { javaScriptEnabled: false });
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
  const context = await newContext(browser, { timezoneId: 'America/New_York', locale: 'en-US' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await signInThroughOutbox(page, 'alex@example.com');
  // A first visit: the server did not know the zone, and wrote the campus's; the browser moved it
  // (the campus clock stays beside an in-person session's time only).
  const card = page.getByRole('article').first();
  await expect(card).toContainText(/[AP]M E[SD]T/);
  await expect(card).not.toContainText(/P[SD]T(?! on campus)/);
  // Live: the page's buttons work (once the browser has taken the page over: a click before is lost).
  await dashboardLive(page);
  await page.getByRole('button', { name: 'Book another session' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Book a session' })).toBeVisible();

  // The page told the server its zone: the next page comes written in New York time.
  const html = await (await page.request.get('/student/dashboard')).text();
  expect(html).toMatch(/<script type="application\/json" id="first-moment">[^<]*America\/New_York/);
  expect(html).toMatch(/[AP]M E[SD]T/);
  // Nothing was left for the browser to render (a Suspense boundary the server could not finish).
  expect(html).not.toContain('<!--$!-->');
  await page.reload();
  await expect(page.getByRole('article').first()).toContainText(/[AP]M E[SD]T/);
  await dashboardLive(page);
  await page.getByRole('button', { name: 'Book another session' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Book a session' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

/** Jordan's session cookie, signed in once through the outbox. */
async function tutorCookies(browser: Browser) {
  const signedIn = await newContext(browser);
  await signInThroughOutbox(await signedIn.newPage(), 'jordan@beacontutoring.com', 'tutor');
  const cookies = (await signedIn.cookies()).filter((cookie) => cookie.name.endsWith('sid'));
  await signedIn.close();
  return cookies;
}

test("without scripts, the tutor's Schedule and Availability show the sidebar and the cards, styled", async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  await context.addCookies(await tutorCookies(browser));
  const page = await context.newPage();
  await page.goto('/tutors/myself/dashboard/schedule');
  await expect(page.getByRole('link', { name: 'Schedule' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: /^Change Photo: Jordan/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Calendar feed' })).toBeVisible();
  const booked = page.getByRole('list', { name: 'Booked sessions' }).getByRole('article');
  await expect(booked.first()).toContainText(/\d{1,2}:\d{2}.*[AP]M [A-Z]{3}/);
  await expect(booked.first()).toHaveCSS('border-radius', '14px');
  expect(await booked.count()).toBeGreaterThan(1);
  await expect(page.getByText(/Loading/)).toHaveCount(0);

  await page.goto('/tutors/myself/dashboard/availability');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Availability' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add availability' })).toBeVisible();
  const open = page.getByRole('list', { name: 'Unbooked availability' }).getByRole('article');
  await expect(open.first()).toContainText('This slot is unbooked');
  expect(await open.count()).toBeGreaterThan(1);
  await expect(page.getByText(/Loading/)).toHaveCount(0);
  await context.close();
});

test("the tutor's Schedule is taken over as the server wrote it: the same cards, no read asked again, nothing moving", async ({ browser }) => {
  // On a phone in the campus zone, which the server writes a first visit in: the page's first read
  // (this week's list) is the browser's too. (In another zone the week moves to the browser's, and
  // is read anew.)
  const context = await newContext(browser, { viewport: { width: 360, height: 740 }, timezoneId: 'America/Los_Angeles' });
  await context.addCookies(await tutorCookies(browser));
  const page = await context.newPage();
  const errors = collectErrors(page);
  const reads: string[] = [];
  page.on('request', (request) => request.method() === 'GET' && /\/api\/(checkauth|tutors\/myself(\/meetings)?)$/.test(new URL(request.url()).pathname) && reads.push(request.url()));
  // Each card the parser puts in the page is marked (a property, not an attribute, so React does
  // not see it); a card that hydration replaced would come without the mark. Layout shifts add up.
  await page.addInitScript(() => {
    const marked = new WeakSet<Node>();
    Object.assign(window, { serverCards: marked, layoutShift: 0 });
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element) for (const card of node.querySelectorAll('article')) marked.add(card);
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/tutors/myself/dashboard/schedule');
  // Live: the page's own button works (the calendar feed opens).
  const feed = page.getByRole('button', { name: 'Calendar feed' });
  await expect(async () => {
    await feed.click();
    await expect(feed).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
  }).toPass();
  await feed.click();
  const cards = await page.getByRole('list', { name: 'Booked sessions' }).getByRole('article').count();
  expect(cards).toBeGreaterThan(1);
  const fromServer = await page.evaluate(() => {
    const marked = (window as unknown as { serverCards: WeakSet<Node> }).serverCards;
    return [...document.querySelectorAll('main article')].filter((card) => marked.has(card)).length;
  });
  expect(fromServer, 'cards the server wrote and the browser kept').toBe(cards);
  expect(reads, 'the first screen came with its answers').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThanOrEqual(0.02);
  // The other screens load as the page's own: Availability asks for the meetings anew.
  await page.getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('button', { name: 'Add availability' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Unbooked availability' }).getByRole('article').first()).toBeVisible();
  // Its meetings (one page of weeks or more), and nothing else again: the sidebar stays.
  expect(reads.length).toBeGreaterThan(0);
  expect(new Set(reads.map((url) => new URL(url).pathname))).toEqual(new Set(['/api/tutors/myself/meetings']));
  expect(errors).toEqual([]);
  await context.close();
});
