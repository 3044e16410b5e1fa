import type { Cookie, Locator, Page } from '@playwright/test';
import { expect, serverNow, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * Keyboard and structure: the dashboards' skip link, focus through the gradebook onboarding, one
 * button order in confirmation dialogs at every width, and headings in order (axe `heading-order`,
 * which expectAccessible requires) on every screen of every role.
 */
test.use({ locale: 'en-US', timezoneId: 'America/Los_Angeles' });

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 720 };
const TUTOR = 'jordan@beacontutoring.com';
const SUPERVISOR = 'maya@beacontutoring.com';
/** A course of the supervisor's, whose hours no other journey books. */
const COURSE = 'MATH 208';
const STUDENT = 'keys.student@example.com';

/**
 * The journeys' student: a new customer with one paid one-time online session, the furthest one
 * the supervisor offers (so skipping it stays open, and other journeys keep the earlier hours),
 * made through the API once and then signed in by its session cookie. Returns its gradebook's id.
 */
let student: { cookies: Cookie[]; gradebookId: string } | undefined;
async function signInAsStudent(page: Page): Promise<string> {
  if (student) {
    await page.context().addCookies(student.cookies);
    return student.gradebookId;
  }
  const created = (await (await page.request.post('/api/customers', { multipart: { email: STUDENT, phone: '2065550401', firstname: 'Kim', lastname: 'Ode' } })).json()) as {
    status: string;
    error?: { type: string };
  };
  if (created.error?.type === 'AlreadyExists') {
    // Made by an earlier run of this file in the same server (a failed test restarts the worker).
    await signInThroughOutbox(page, STUDENT);
    const gradebooks = (await (await page.request.get('/api/customers/myself/gradebooks')).json()).data as { id: number }[];
    student = { cookies: await page.context().cookies(), gradebookId: String(gradebooks[0]!.id) };
    return student.gradebookId;
  }
  expect(created.status).toBe('success');
  const courses = (await (await page.request.get('/api/courses')).json()).data as { id: number; course_number: string }[];
  const courseId = courses.find((c) => c.course_number === COURSE)!.id;
  const meetings = (await (await page.request.get(`/api/meetings?course=${courseId}&capacity=1&course_style=online`)).json()).data as {
    id: number;
    occurrence_epoch: number;
    offering: { id: number };
  }[];
  const now = await serverNow(page.request);
  const meeting = meetings.filter((m) => m.occurrence_epoch * 1000 > now + 13 * 3600_000).at(-1)!;
  const intent = (await (await page.request.post('/api/payments', { multipart: { meeting: meeting.id, offering: meeting.offering.id, capacity: 1, course_style: 'online' } })).json()).data;
  const paid = await page.request.post('/api/offline-payments/confirm', { multipart: { client_secret: intent.client_secret, card_number: '4242424242424242' } });
  expect((await paid.json()).data.status).toBe('succeeded');
  const gradebooks = (await (await page.request.get('/api/customers/myself/gradebooks')).json()).data as { id: number }[];
  student = { cookies: await page.context().cookies(), gradebookId: String(gradebooks[0]!.id) };
  return student.gradebookId;
}

/** A new customer with nothing booked (its Upcoming Sessions shows the booking flow), signed in. */
async function signInAsNewCustomer(page: Page) {
  const created = await page.request.post('/api/customers', { multipart: { email: 'keys.empty@example.com', phone: '2065550402', firstname: 'Lou', lastname: 'Ng' } });
  expect((await created.json()).status).toBe('success');
}

/**
 * Waits until the screen under its h1 has loaded, opens the calendar feed panel when the screen
 * has its button (by keyboard), waits for it too, then runs axe.
 */
async function expectScreenAccessible(page: Page, title: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const loading = page.getByRole('main').getByText(/^Loading/);
  await expect(loading).toHaveCount(0);
  const feedButton = page.getByRole('main').getByRole('button', { name: 'Calendar feed' });
  if ((await feedButton.count()) > 0) {
    await feedButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Calendar feed' })).toBeVisible();
    await expect(loading).toHaveCount(0, { timeout: 15_000 });
  }
  await expectAccessible(page);
}

/** Tab from the page's start reaches 'Skip to content' first, visibly; Enter puts focus in the screen. */
async function expectSkipLink(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const address = page.url();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect(page.url()).toBe(address);
  // The next Tab goes to the screen's first control, past the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
}

/**
 * A confirmation opens with focus on the dialog, not on its action: Enter does nothing. Its buttons
 * read safe choice first, action last: on a desktop side by side (or, when the labels are too long
 * for one row, the safe choice on the row above), on a phone stacked at full width, safe on top.
 */
async function expectSafeConfirmation(page: Page, dialog: Locator, safe: string, action: string, width: 'desktop' | 'phone') {
  await expect(dialog).toBeFocused();
  const actionButton = dialog.getByRole('button', { name: action, exact: true });
  await expect(actionButton).not.toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(actionButton).toBeEnabled();
  const safeBox = (await dialog.getByRole('button', { name: safe, exact: true }).boundingBox())!;
  const actionBox = (await actionButton.boundingBox())!;
  const above = safeBox.y + safeBox.height <= actionBox.y;
  if (width === 'phone') {
    expect(above, `${safe} above ${action}`).toBe(true);
    expect(safeBox.width).toBe(actionBox.width);
  } else {
    const leftOnSameRow = Math.abs(safeBox.y - actionBox.y) < 2 && safeBox.x + safeBox.width <= actionBox.x;
    expect(leftOnSameRow || above, `${safe} before ${action}`).toBe(true);
  }
  await expectAccessible(page);
}

test('every dashboard starts with a skip link to its screen: student, tutor and supervisor', async ({ page }) => {
  await signInAsStudent(page);
  await page.goto('/student/dashboard');
  await expectSkipLink(page, 'Upcoming Sessions');

  await page.context().clearCookies();
  await signInThroughOutbox(page, TUTOR, 'tutor');
  await page.goto('/tutors/myself/dashboard/availability');
  await expectSkipLink(page, 'Manage Availability');

  await page.context().clearCookies();
  await signInThroughOutbox(page, SUPERVISOR, 'tutor');
  await page.goto('/tutors/myself/dashboard/supervisor');
  await expectSkipLink(page, 'Your Team');
});

test('the gradebook onboarding moves focus to the heading of each new step, not on the first load', async ({ page }) => {
  const id = await signInAsStudent(page);
  await page.goto(`/student/dashboard/grades/${id}`);
  const welcome = page.getByRole('heading', { level: 2, name: `Welcome to your ${COURSE} gradebook` });
  await expect(welcome).toBeVisible();
  await expect(welcome).not.toBeFocused();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Your pass guarantee' })).toBeFocused();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Keep the Guarantee' }).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: "You'll need your syllabus" })).toBeFocused();
  await expectAccessible(page);
  await page.getByRole('button', { name: "I'm Ready!" }).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Setup your gradebook' })).toBeFocused();
  await expectAccessible(page);
  // The next Tab goes on from the heading into the setup form.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Grade Category')).toBeFocused();
});

test('confirmation dialogs put the safe choice first and never start on the action, on a desktop and a phone', async ({ page }) => {
  const id = await signInAsStudent(page);
  for (const [viewport, width] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/student/dashboard');
    await dashboardLive(page);
    await page.getByRole('article').getByRole('button', { name: 'Skip Meeting' }).click();
    const skip = page.getByRole('dialog', { name: 'Are you sure?' });
    await expectSafeConfirmation(page, skip, 'Nevermind', 'Skip Meeting', width);
    await page.keyboard.press('Escape');
    await expect(skip).toHaveCount(0);
    await expect(page.getByRole('article').getByRole('button', { name: 'Skip Meeting' })).toBeVisible();

    await page.goto(`/student/dashboard/grades/${id}`);
    await dashboardLive(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Waive the Guarantee' }).click();
    const waive = page.getByRole('dialog', { name: 'Waive the guarantee?' });
    await expectSafeConfirmation(page, waive, 'Keep the Guarantee', 'Waive the Guarantee', width);
    await waive.getByRole('button', { name: 'Keep the Guarantee' }).click();
    await expect(waive).toHaveCount(0);
  }
  const gradebooks = (await (await page.request.get('/api/customers/myself/gradebooks')).json()).data as { id: number; archived: boolean }[];
  expect(gradebooks.find((g) => String(g.id) === id)?.archived).toBe(false);

  await page.context().clearCookies();
  await signInThroughOutbox(page, SUPERVISOR, 'tutor');
  for (const [viewport, width] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/tutors/myself/dashboard/supervisor');
    await dashboardLive(page);
    const jordan = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Jordan Alvarez' }) });
    await jordan.getByRole('button', { name: 'Archive', exact: true }).click();
    const archive = page.getByRole('dialog', { name: 'Confirm archival' });
    await expectSafeConfirmation(page, archive, 'Nevermind', 'Archive', width);
    await archive.getByRole('button', { name: 'Nevermind' }).click();
    await expect(archive).toHaveCount(0);
  }
});

test('every student screen has its headings in order, the booking flow under an empty list included', async ({ page }) => {
  // Nothing upcoming: the booking flow's steps (h3) sit under 'Book a session to get started' (h2).
  await signInAsNewCustomer(page);
  await page.goto('/student/dashboard');
  await expect(page.getByRole('heading', { level: 3, name: /^Meet a/ })).toBeVisible();
  await expectScreenAccessible(page, 'Upcoming Sessions');

  await page.context().clearCookies();
  const id = await signInAsStudent(page);
  for (const [path, title] of [
    ['/student/dashboard', 'Upcoming Sessions'],
    ['/student/dashboard/history', 'Previous Sessions'],
    [`/student/dashboard/grades/${id}`, `${COURSE} Gradebook`],
  ] as const) {
    await page.goto(path);
    await expectScreenAccessible(page, title);
  }
});

/** Each staff role's screens: [address under /tutors/myself/dashboard/, h1]. */
const staffScreens = [
  {
    who: 'tutor',
    email: TUTOR,
    screens: [
      ['schedule', 'Schedule'],
      ['availability', 'Manage Availability'],
      ['history', 'Work History'],
      ['gradebooks', 'Your Gradebooks'],
    ],
    gradebooks: 'gradebooks',
  },
  {
    who: 'supervisor',
    email: SUPERVISOR,
    screens: [
      ['supervisor', 'Your Team'],
      ['all-summaries', 'Recent Sessions'],
      ['all-gradebooks', 'All Gradebooks'],
      ['reports?period=last-month', 'Reports'],
    ],
    gradebooks: 'all-gradebooks',
  },
] as const;

for (const { who, email, screens, gradebooks } of staffScreens) {
  test(`every ${who} screen has its headings in order, a gradebook included`, async ({ page }) => {
    test.setTimeout(60_000);
    await signInThroughOutbox(page, email, 'tutor');
    for (const [path, title] of screens) {
      await page.goto(`/tutors/myself/dashboard/${path}`);
      await expectScreenAccessible(page, title);
    }
    await page.goto(`/tutors/myself/dashboard/${gradebooks}`);
    await page.getByRole('link', { name: 'View Gradebook' }).first().click();
    await expectScreenAccessible(page, /Gradebook$/);
  });
}
