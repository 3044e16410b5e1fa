import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newContext, test } from './suite-clock.ts';
import { bookFirst, chooseAndList, fillContact } from './booking-steps.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * Every screen, step and dialog on a 360-px phone: the page must never be wider than the screen
 * (no sideways scrolling), and an open dialog must fit inside it. One browser context per role,
 * signed in once.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PHONE = { width: 360, height: 740 };

/** Elements that reach past the screen's edges and are not clipped by a scrolling ancestor (for the message). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].slice(0, 2).map((c) => `.${c}`).join('');
      const text = (element.textContent ?? '').trim().slice(0, 30);
      const rect = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()}${id}${classes} [${Math.round(rect.left)}..${Math.round(rect.right)}] "${text}"`;
    };
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && parent !== document.documentElement && parent !== document.body) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Wholly left of the screen (a skip link waiting for focus) widens nothing.
      if ((rect.right > width + 0.5 || (rect.left < -0.5 && rect.right > 0)) && !clipped(element)) found.push(describe(element));
    }
    return found.slice(0, 8);
  });
}

/** The document is no wider than the screen, nothing reaches past its edges, and every open dialog fits on it. */
async function expectFits(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what}: the page is ${scrollWidth}px wide on a ${innerWidth}px screen; too wide: ${(await overflowing(page)).join('; ')}`).toBeLessThanOrEqual(innerWidth);
  const dialogs = page.getByRole('dialog');
  for (let i = 0; i < (await dialogs.count()); i++) {
    const box = (await dialogs.nth(i).boundingBox())!;
    expect(box.x, `${what}: the dialog starts off the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: the dialog ends off the screen`).toBeLessThanOrEqual(innerWidth);
    const sideways = await dialogs.nth(i).evaluate((dialog) => [...dialog.querySelectorAll('*'), dialog].some((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'));
    expect(sideways, `${what}: the dialog scrolls sideways`).toBe(false);
  }
  // Fixed boxes (dialogs, bars) do not widen the document, so they are checked element by element.
  expect(await overflowing(page), `${what}: content off the screen`).toEqual([]);
}

async function phoneContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  // Not isMobile: a mobile viewport zooms out to a page too wide for it, and innerWidth grows with it.
  const context = await newContext(browser, { viewport: PHONE, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
  return { context, page: await context.newPage() };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.describe('a visitor on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => ({ context, page } = await phoneContext(browser)));
  test.afterAll(() => context.close());

  test('home, terms, placement and the login-by-link page fit', async () => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectFits(page, 'home');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Get a magic log-in link' })).toBeVisible();
    await expectFits(page, 'magic-link dialog');
    await page.keyboard.press('Escape');
    for (const path of ['/terms', '/placement']) {
      await page.goto(path);
      await expectFits(page, path);
    }
    await page.goto('/login?token=not-a-real-token-at-all-but-long');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectFits(page, 'login by link (refused token)');
  });

  test('the booking steps 1 to 3 and the text-code dialog fit', async ({ baseURL }) => {
    await chooseAndList(page, { course: 'CS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
    await expectFits(page, 'booking step 2');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: /^Meet a/ })).toBeVisible();
    await expectFits(page, 'booking step 1');
    await page.getByRole('button', { name: 'Select Tutor, Time and Location' }).click();
    await bookFirst(page);
    await expect(page.getByText(/Demo payments/)).toBeVisible();
    await expectFits(page, 'booking step 3 (contact form and card)');
    // A customer of its own (signed up and proven elsewhere), so no other journey's recent text to
    // the demo customer makes the server refuse a second one within the minute.
    const returning = { first: 'Wen', last: 'Phone', email: 'wen.phone@example.com', phone: '2065550321' };
    const elsewhere = await newContext(page.context().browser()!, { baseURL });
    const other = await elsewhere.newPage();
    const created = await other.request.post('/api/customers', { multipart: { email: returning.email, phone: returning.phone, firstname: returning.first, lastname: returning.last } });
    expect((await created.json()).status).toBe('success');
    await signInThroughOutbox(other, returning.email);
    await expect(other).toHaveURL(/\/student\/dashboard$/);
    await elsewhere.close();
    await fillContact(page, returning);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('dialog', { name: 'We texted you a login code' })).toBeVisible();
    await expectFits(page, 'text-code dialog');
  });
});

test.describe('a student on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await phoneContext(browser));
    await signInThroughOutbox(page, 'alex@example.com');
    await expect(page).toHaveURL(/\/student\/dashboard$/);
  });
  test.afterAll(() => context.close());

  test('upcoming sessions with their dialogs, the history and buying hours fit', async () => {
    await expect(h1(page, 'Upcoming Sessions')).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await expectFits(page, 'upcoming sessions');
    // A meeting less than 12 hours away shows its Skip closed: the first one that can still be skipped.
    await page.getByRole('button', { name: 'Skip Meeting', disabled: false }).first().click();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
    await expectFits(page, 'skip dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel Subscription' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
    await expectFits(page, 'cancel-subscription dialog');
    await page.keyboard.press('Escape');
    await sidebar(page).getByRole('link', { name: 'Meeting History' }).click();
    await expect(h1(page, 'Previous Sessions')).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await expectFits(page, 'meeting history');
    await sidebar(page).getByRole('link', { name: 'Buy Hours' }).click();
    await expect(h1(page, 'Your hours')).toBeVisible();
    await page.getByRole('button', { name: /^Buy for / }).first().click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectFits(page, 'buy hours with the card field open');
  });

  test('a gradebook with grades, and a new one through its onboarding to the setup, fit', async () => {
    await sidebar(page).getByRole('link', { name: 'CS 121 Grades' }).click();
    await expect(page.getByText('Recently Entered Grades')).toBeVisible();
    await expectFits(page, 'gradebook with grades');
    await sidebar(page).getByRole('link', { name: 'MATH 124 Grades' }).click();
    await expect(page.getByRole('heading', { name: /Welcome to your MATH 124 gradebook/ })).toBeVisible();
    await expectFits(page, 'onboarding: welcome');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Your pass guarantee' })).toBeVisible();
    await expectFits(page, 'onboarding: guarantee');
    await page.getByRole('button', { name: 'Waive the Guarantee' }).click();
    await expect(page.getByRole('dialog', { name: 'Waive the guarantee?' })).toBeVisible();
    await expectFits(page, 'waive dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Keep the Guarantee' }).click();
    await page.getByRole('button', { name: 'Keep the Guarantee' }).click();
    await expectFits(page, 'onboarding: syllabus');
    await page.getByRole('button', { name: "I'm Ready!" }).click();
    await expect(page.getByLabel('Grade Category')).toBeVisible();
    await expectFits(page, 'gradebook setup');
  });
});

test.describe('a tutor on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await phoneContext(browser));
    await signInThroughOutbox(page, 'jordan@beacontutoring.com', 'tutor');
    await expect(page).toHaveURL(/\/tutors\/myself\/dashboard$/);
  });
  test.afterAll(() => context.close());

  test('schedule with its cancel dialog, availability with its dialog, work history with the edit dialog fit', async () => {
    await expect(h1(page, 'Schedule')).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await expectFits(page, 'schedule');
    await page.locator('article').first().getByRole('button', { name: /Cancel/ }).first().click();
    await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
    await expectFits(page, 'cancel-meeting dialog');
    await page.keyboard.press('Escape');

    await sidebar(page).getByRole('link', { name: 'Availability' }).click();
    await expect(h1(page, 'Manage Availability')).toBeVisible();
    await expectFits(page, 'availability');
    await page.getByRole('button', { name: 'Add availability' }).click();
    await expect(page.getByRole('dialog', { name: 'Add availability' })).toBeVisible();
    await expectFits(page, 'add-availability dialog');
    await page.keyboard.press('Escape');

    await sidebar(page).getByRole('link', { name: 'Work History' }).click();
    await expect(h1(page, 'Work History')).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await expectFits(page, 'work history');
    await page.getByRole('button', { name: 'Reschedule/Enter Overtime' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Edit Meeting Time + Duration' })).toBeVisible();
    await expectFits(page, 'edit-meeting dialog');
    await page.keyboard.press('Escape');
  });

  test('my hours fit', async () => {
    await sidebar(page).getByRole('link', { name: 'My Hours' }).click();
    await expect(h1(page, 'My Hours')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Hours by week' })).toBeVisible();
    await expectFits(page, 'my hours');
  });

  test('the gradebook list and a student\'s gradebook fit', async () => {
    await sidebar(page).getByRole('link', { name: 'Gradebooks' }).click();
    await expect(h1(page, 'Your Gradebooks')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Gradebook' }).first()).toBeVisible();
    await expectFits(page, 'tutor gradebooks');
    await page.getByRole('link', { name: 'View Gradebook' }).first().click();
    await expect(page.getByText('Recently Entered Grades')).toBeVisible();
    await expectFits(page, 'tutor: a student\'s gradebook');
  });
});

test.describe('a supervisor on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await phoneContext(browser));
    await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
    await expect(page).toHaveURL(/\/tutors\/myself\/dashboard$/);
  });
  test.afterAll(() => context.close());

  const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

  test('the team view, a card\'s details and its dialogs fit', async () => {
    await sidebar(page).getByRole('link', { name: 'Team View' }).click();
    await expect(h1(page, 'Your Team')).toBeVisible();
    await expect(card('Jordan Alvarez')).toBeVisible();
    await expectFits(page, 'team view');
    await card('Jordan Alvarez').getByRole('button', { name: 'Expand' }).click();
    await expect(card('Jordan Alvarez').getByRole('button', { name: 'Collapse' })).toHaveAttribute('aria-expanded', 'true');
    await expectFits(page, 'team card expanded (qualifications, bio, contact)');
    await card('Jordan Alvarez').getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm archival' })).toBeVisible();
    await expectFits(page, 'archive dialog');
    await page.keyboard.press('Escape');
    await card('Jordan Alvarez').getByRole('button', { name: 'Change Photo' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload a profile photo' })).toBeVisible();
    await expectFits(page, 'photo dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create a Tutor' }).click();
    await expect(page.getByRole('dialog', { name: 'Create a Tutor' })).toBeVisible();
    await expectFits(page, 'create-tutor dialog');
    await page.keyboard.press('Escape');
  });

  test('summaries, payroll, reports, all gradebooks and a tutor\'s dashboard opened from the team fit', async () => {
    await sidebar(page).getByRole('link', { name: 'Summaries' }).click();
    await expect(h1(page, 'Recent Sessions')).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await expectFits(page, 'summaries');
    await sidebar(page).getByRole('link', { name: 'Payroll' }).click();
    await expect(h1(page, 'Payroll')).toBeVisible();
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect(page.getByRole('table', { name: 'Pay per tutor' })).toBeVisible();
    await expectFits(page, 'payroll');
    await sidebar(page).getByRole('link', { name: 'Reports' }).click();
    await expect(h1(page, 'Reports')).toBeVisible();
    await page.getByRole('radio', { name: 'Last month' }).check();
    await expect(page.getByRole('table', { name: 'Revenue and refunds per week' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Booked sessions per course/ }).locator('.ct-bar').first()).toBeAttached();
    await expectFits(page, 'reports (charts and tables)');
    await page.getByRole('radio', { name: 'Custom' }).check();
    await expectFits(page, 'reports with chosen days');
    await sidebar(page).getByRole('link', { name: 'All Gradebooks' }).click();
    await expect(h1(page, 'All Gradebooks')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Gradebook' }).first()).toBeVisible();
    await expectFits(page, 'all gradebooks');
    await sidebar(page).getByRole('link', { name: 'Team View' }).click();
    await card('Jordan Alvarez').getByRole('link', { name: 'Open Dashboard' }).click();
    await expect(h1(page, 'Work History')).toBeVisible();
    await expect(page.locator('article').first()).toBeVisible();
    await expectFits(page, 'a tutor\'s dashboard seen by the supervisor');
  });
});
