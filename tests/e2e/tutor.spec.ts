import { TZDate } from '@date-fns/tz';
import type { Locator, Page } from '@playwright/test';
import { expect, newContext, suiteStart, test } from './suite-clock.ts';
import { addWeeks } from 'date-fns';
import { expectAccessible } from './axe.ts';
import { chooseAndList, fillContact, leaveBookedScreen } from './booking-steps.ts';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';
import { showWholeList } from './tutor-lists.ts';

/**
 * The tutor's side, in order: availability (keyboard only), a visitor booking it, the schedule,
 * overtime (confirmed with its amount) and the summary on the demo session just ended, a supervisor's
 * refund of that overtime, a cancel, and the gradebooks.
 * Browsers run in the site's zone, where weekly availability keeps its wall-clock time across
 * daylight-saving changes, so the expected texts hold whatever the date.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });
const ZONE = 'America/Los_Angeles';
test.use({ timezoneId: ZONE, locale: 'en-US' });

const TUTOR = 'jordan@beacontutoring.com';
const today = new TZDate(suiteStart().getTime(), ZONE);
/** A wall-clock time in the site's zone, `days` after today. */
const at = (days: number, hour: number, minute: number) => new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, minute, ZONE);
const weeklyStart = at(3, 7, 30);
const oneOffStart = at(4, 9, 30);

const local = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, ...options });
/** '7:30–8:30 AM': the hour from `start` as the cards show it, before the zone's abbreviation (both ends in the morning here). */
const hourRange = (start: Date) => `${local({ hour: 'numeric', minute: '2-digit' }).format(start).replace(/\s[AP]M$/, '')}–${local({ hour: 'numeric', minute: '2-digit' }).format(start.getTime() + 3600_000)}`.replace(/\s/g, ' ');
const overlapText = (kind: 'meeting' | 'slot', start: Date) =>
  `This ${kind} overlaps with your meeting on ${local({ weekday: 'long' }).format(start)} ${local({ month: 'long' }).format(start)} ${local({ day: 'numeric' }).format(start)} at ${local({ hour: 'numeric', minute: '2-digit' }).format(start)}`;

/**
 * Types a date and time into a focused datetime-local field, as a keyboard user does (en-US):
 * Chromium moves to the next part by itself once a part is complete (the field's max year makes
 * four digits complete).
 */
async function typeDateTime(page: Page, date: TZDate) {
  const two = (n: number) => String(n).padStart(2, '0');
  const hour = date.getHours() % 12 || 12;
  await page.keyboard.type(`${two(date.getMonth() + 1)}${two(date.getDate())}${date.getFullYear()}`);
  await page.keyboard.type(`${two(hour)}${two(date.getMinutes())}${date.getHours() < 12 ? 'A' : 'P'}`);
}

/**
 * Signs the page in as the demo tutor: through the outbox the first time, then with the same
 * session cookie (login links are limited to five per 15 minutes per address).
 */
let tutorCookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>> | undefined;
async function signInAsTutor(page: Page) {
  if (tutorCookies) {
    await page.context().addCookies(tutorCookies);
    await page.goto('/tutors/myself/dashboard');
  } else {
    await signInThroughOutbox(page, TUTOR, 'tutor');
    // The login screen trades the link for the session cookie, then moves on to the dashboard.
    await expect(page).toHaveURL(/\/tutors\/myself\/dashboard$/);
    tutorCookies = await page.context().cookies();
  }
}

/** Presses Tab until the target has the focus (a keyboard user's way to a control). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 15; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The control cannot be reached with Tab');
}

async function addAvailability(page: Page, start: TZDate, oneTime: boolean) {
  await page.getByRole('button', { name: 'Add availability' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add availability' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Start time');
  await tabTo(page, field);
  await typeDateTime(page, start);
  if (oneTime) {
    await tabTo(page, dialog.getByLabel('Is this a one-time meeting?'));
    await page.keyboard.press('Space');
  }
  const create = dialog.getByRole('button', { name: oneTime ? 'Create One-off Availability' : 'Create Weekly Availability' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  return dialog;
}

test('visitors and customers are sent home from the tutor dashboard', async ({ page }) => {
  // A visitor is asked to sign in first, and would come back here after.
  await page.goto('/tutors/myself/dashboard');
  await expect(page).toHaveURL(/\/\?next=%2Ftutors%2Fmyself%2Fdashboard$/);
  await signInThroughOutbox(page, 'alex@example.com');
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await page.goto('/tutors/myself/dashboard/availability');
  await expect(page).toHaveURL(/\/$/);
});

test('a tutor publishes weekly and one-off hours with the keyboard and is told of an overlap', async ({ page }) => {
  await signInAsTutor(page);
  await expect(page).toHaveURL(/\/tutors\/myself\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByText('Jordan', { exact: true })).toBeVisible();
  for (const link of ['Schedule', 'Availability', 'Work History', 'Gradebooks']) await expect(sidebar.getByRole('link', { name: link })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Team View' })).toHaveCount(0);
  await expectAccessible(page);

  await sidebar.getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Availability' })).toBeVisible();
  const weekly = await addAvailability(page, weeklyStart, false);
  await expect(weekly).toHaveCount(0);
  const cards = page.locator('article');
  const weeklyCard = cards.filter({ hasText: hourRange(weeklyStart) });
  await expect(weeklyCard.first()).toBeVisible();
  await showWholeList(page);
  await expect.poll(() => weeklyCard.count()).toBeGreaterThan(10);
  await expect(weeklyCard.first()).toContainText('This slot is unbooked');

  // A one-off on the weekly hour a week later overlaps it.
  const nextWeek = addWeeks(weeklyStart, 1);
  const refused = await addAvailability(page, new TZDate(nextWeek.getTime() + 15 * 60_000, ZONE), true);
  await expect(refused.getByRole('alert')).toHaveText(overlapText('meeting', nextWeek));
  await expectAccessible(page);
  await refused.getByRole('button', { name: 'Cancel' }).click();

  const oneOff = await addAvailability(page, oneOffStart, true);
  await expect(oneOff).toHaveCount(0);
  await expect(cards.filter({ hasText: local({ month: 'long', day: 'numeric' }).format(oneOffStart) }).filter({ hasText: '9:30' })).toHaveCount(1);
  await expectAccessible(page);
});

test('a new visitor books the new hour from the home page and the tutor sees it, then cancels it', async ({ page, browser }) => {
  const context = await newContext(browser, { timezoneId: ZONE, locale: 'en-US' });
  const visitor = await context.newPage();
  await chooseAndList(visitor, { course: 'CS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await visitor.getByRole('button', { name: new RegExp(`^Book Jordan Alvarez, ${local({ weekday: 'long' }).format(oneOffStart)} ${hourRange(oneOffStart)} P[SD]T$`) }).click();
  await expect(visitor.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
  await fillContact(visitor, { first: 'Rosa', last: 'Diaz', email: 'rosa.diaz@example.com', phone: '2065550166' });
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(visitor);
  await expect(visitor).toHaveURL(/\/student\/dashboard/);
  await context.close();

  await signInAsTutor(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const booked = page.locator('article').filter({ hasText: 'Rosa Diaz' });
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText('(206) 555-0166');
  await expect(booked).toContainText('rosa.diaz@example.com');
  await expect(booked.getByText('Paid', { exact: true })).toBeVisible();
  await expect(booked.getByRole('button', { name: 'Reschedule/Enter Overtime' })).toBeVisible();
  await expectAccessible(page);

  await booked.getByRole('button', { name: 'Cancel Meeting' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel Meeting' }).click();
  await expect(page.getByRole('dialog', { name: 'Tutor Meeting canceled' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('article').filter({ hasText: 'Rosa Diaz' })).toHaveCount(0);

  // The cancellation (with its calendar update) is sent just after the answer.
  await expect
    .poll(async () => ((await (await page.request.get('/dev/outbox.json')).json()) as { to: string; subject: string }[]).some((m) => m.to === 'rosa.diaz@example.com' && /^Canceled: /.test(m.subject)))
    .toBe(true);
});

test('the tutor enters overtime on the session just ended with the keyboard, confirming its charge, and writes its summary', async ({ page }) => {
  await signInAsTutor(page);
  await page.getByRole('link', { name: 'Work History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work History' })).toBeVisible();
  const session = page.locator('article').filter({ hasText: 'Intro to Programming II' }).first();
  await expect(session).toContainText('Alex Rivera');
  await expect(session.getByRole('img', { name: 'Summary missing' })).toBeVisible();
  await expect(session).toContainText('Please enter a summary to get paid for this session.');
  await expectAccessible(page);

  await session.getByRole('button', { name: 'Reschedule/Enter Overtime' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Meeting Time + Duration' });
  await expect(dialog).toBeVisible();
  const duration = dialog.getByLabel('Duration (minutes)');
  await expect(duration).toBeEnabled();
  await tabTo(page, duration);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('95');
  await expect(dialog.getByRole('list', { name: 'Warnings' })).toContainText('30 minutes');
  await expectAccessible(page);
  // Update asks first: the amount, the customer and the card; nothing is charged yet.
  await page.keyboard.press('Enter');
  const question = dialog.getByRole('alert', { name: 'Charges to confirm' });
  await expect(question).toContainText('Charge Alex Rivera $27.50 for 30 extra minutes?');
  await expect(question).toContainText('Card ending in 4242.');
  await expectAccessible(page);
  await expect(session).not.toContainText('min overtime');
  // The second press charges.
  await dialog.getByRole('button', { name: 'Charge $27.50' }).press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(session).toContainText('Complete: 30 min overtime');

  const summary = session.getByLabel('One-Line Meeting Summary:');
  await summary.fill('Linked lists and the second project');
  await expect(session).toContainText('Remember to submit!');
  await session.getByRole('button', { name: 'Submit summary' }).click();
  await expect(session).toContainText('Saved');
  await expect(session.getByRole('img', { name: 'Summary missing' })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('article').filter({ hasText: 'Intro to Programming II' }).first().getByLabel('One-Line Meeting Summary:')).toHaveValue('Linked lists and the second project');
});

test('a supervisor refunds that overtime from the tutor\'s Work History, with a reason', async ({ page }) => {
  await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
  await expect(page).toHaveURL(/\/tutors\/myself\/dashboard$/);
  const jordan = (await (await page.request.get('/api/tutors')).json()).data.find((t: { email: string }) => t.email === TUTOR).id as number;
  await page.goto(`/tutors/${jordan}/dashboard/history`);
  await expect(page.getByRole('heading', { level: 1, name: 'Work History' })).toBeVisible();
  // The server wrote the page: its buttons work once the browser has taken it over.
  await dashboardLive(page);
  const session = page.locator('article').filter({ hasText: 'Intro to Programming II' }).filter({ hasText: '30 min overtime' }).first();
  await session.getByRole('button', { name: 'Refund 30 min overtime of Alex Rivera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this overtime charge?' });
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please give a reason');
  await dialog.getByLabel('Reason').fill('The session ended on time');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(session).toContainText('Canceled/Refunded: 30 min overtime');
  await expect(session.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  // Alex gets the refund's receipt.
  await expect
    .poll(async () => ((await (await page.request.get('/dev/outbox.json')).json()) as { to: string; subject: string }[]).some((m) => m.to === 'alex@example.com' && m.subject.startsWith('Refund: $27.50')))
    .toBe(true);
});

test('the tutor opens a student\'s gradebook from Your Gradebooks', async ({ page }) => {
  await signInAsTutor(page);
  await page.getByRole('link', { name: 'Gradebooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Gradebooks' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Alex R.' });
  await expect(card).toContainText('Intro to Programming I');
  await expect(card).toContainText(/\d+%/);
  await expectAccessible(page);
  await card.getByRole('link', { name: 'View Gradebook' }).click();
  await expect(page).toHaveURL(/\/tutors\/myself\/dashboard\/gradebooks\/\d+$/);
  await expect(page.getByRole('heading', { name: 'CS 121 Gradebook' })).toBeVisible();
  await expect(page.getByText('Recently Entered Grades')).toBeVisible();
  await expectAccessible(page);
});

test('on a phone the tutor dashboard fits the width and its sidebar is a compact bar', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsTutor(page);
  await page.getByRole('link', { name: 'Work History' }).click();
  await expect(page.locator('article').first()).toBeVisible();
  const sidebar = await page.getByRole('navigation', { name: 'Dashboard' }).boundingBox();
  expect(sidebar!.height).toBeLessThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});
