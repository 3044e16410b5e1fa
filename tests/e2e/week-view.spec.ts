import { TZDate } from '@date-fns/tz';
import type { Page } from '@playwright/test';
import { expect, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { CAMPUS_ZONE, campusAt } from './campus-time.ts';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The tutor's week at a glance (issue 24, item 2): on Availability a tutor switches to the week
 * view, moves to next week and back with the keyboard, opens an hour with the keyboard (its card,
 * with its actions, in a dialog), adds an hour and sees it brought into view and marked; the page
 * written by the server comes back in the week view, from the week's one read. Once at a desktop's
 * width and once at a phone's, where the days stack. Each journey makes its own hour (at night on
 * campus, an hour no other journey uses) and takes it back at the end.
 */
test.describe.configure({ timeout: 60_000 });
const ZONE = CAMPUS_ZONE;
test.use({ timezoneId: ZONE, locale: 'en-US' });

const TUTOR = 'jordan@beacontutoring.com';
const at = campusAt;
const pad = (n: number) => String(n).padStart(2, '0');
/** The value of a datetime-local field (the browser's zone is the site's here). */
const fieldValue = (date: TZDate) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** 'Nov 23 – 29, 2026': the heading of the week that holds `date`. */
function weekHeading(date: TZDate): string {
  const monday = new TZDate(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7), ZONE);
  const utc = (d: TZDate) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  // Plain spaces, as the page writes it (Node's ICU puts thin ones around the dash).
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).formatRange(utc(monday), utc(monday) + 6 * 86_400_000).replace(/[\u2009\u202f]/g, ' ');
}

/** Presses a button with the keyboard: focus, then Enter. */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

async function weekJourney(page: Page, { hour, oneOff }: { hour: TZDate; oneOff: boolean }) {
  // A page whose hydration did not match the server's (a week written for another choice or week) logs an error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signInThroughOutbox(page, TUTOR, 'tutor');
  await page.goto('/tutors/myself/dashboard/availability');
  await dashboardLive(page);
  const toggle = page.getByRole('group', { name: 'View' });
  // The list is the default.
  await expect(toggle.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  // The page is live, but the screen's own part may still be hydrating (its chunk): a click it
  // missed is pressed again, as a person would.
  await expect(async () => {
    await toggle.getByRole('button', { name: 'Week' }).click();
    await expect(toggle.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 });
  }).toPass();
  const heading = page.getByRole('heading', { level: 2, name: weekHeading(at(0, 12, 0)) });
  await expect(heading).toBeVisible();

  // Next week and back, with the keyboard.
  await press(page, 'Next week');
  await expect(page.getByRole('heading', { level: 2, name: weekHeading(at(7, 12, 0)) })).toBeVisible();
  await press(page, 'Previous week');
  await expect(heading).toBeVisible();
  await press(page, 'Next week');
  await press(page, 'Today');
  await expect(heading).toBeVisible();
  await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeFocused();

  // The demo gives Jordan weekly hours on today's weekday: this week and next have hours. One opens
  // with the keyboard, its card in a dialog, with the card's actions.
  await press(page, 'Next week');
  const hours = page.locator('button[data-epoch]');
  await expect(hours.first()).toBeVisible();
  const first = hours.first();
  // Named with its day, time, what it is and whether it repeats.
  await expect(first).toHaveAccessibleName(/^\w+day, \w+ \d+, \d.+ P[SD]T (Unbooked|Booked: .+|Being booked) (Weekly|One-off)$/);
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('article')).toBeVisible();
  await expect(dialog.getByRole('button').filter({ hasNotText: 'Close' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(first).toBeFocused();
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(width.page).toBeLessThanOrEqual(width.screen);

  // A new hour weeks ahead: the view moves to its week, and the hour is in view and marked.
  await page.getByRole('button', { name: 'Add availability' }).click();
  const add = page.getByRole('dialog', { name: 'Add availability' });
  await add.getByLabel('Start time').fill(fieldValue(hour));
  if (oneOff) await add.getByRole('checkbox', { name: 'Is this a one-time meeting?' }).check();
  await add.getByRole('button', { name: oneOff ? 'Create One-off Availability' : 'Create Weekly Availability' }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: weekHeading(hour) })).toBeVisible();
  const epoch = hour.getTime() / 1000;
  const added = page.locator(`button[data-epoch="${epoch}"]`);
  await expect(added).toHaveAttribute('data-fresh', '');
  await expect(added).toBeInViewport();
  await expect(added).toHaveAccessibleName(new RegExp(` P[SD]T Unbooked ${oneOff ? 'One-off' : 'Weekly'}$`));

  // The page the server writes is the week view again, from the week's one read: no fetch of the meetings after it.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/tutors/myself/meetings')) reads.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await dashboardLive(page);
  await expect(heading).toBeVisible();
  await expect(hours.or(page.getByText(/^No hours this week/)).first()).toBeVisible();
  expect(reads).toEqual([]);
  expect(errors).toEqual([]);

  // The journey's hour goes: its week's read names it, and the series ends (or the hour is deleted).
  const from = epoch - 3600;
  const entries = (await (await page.request.get(`/api/tutors/myself/meetings?from=${from}&to=${epoch + 3600}`)).json()).data as { meeting: { id: number; occurrence_epoch: number; slot: { id: number } | null } }[];
  expect(entries.map((e) => e.meeting.occurrence_epoch)).toEqual([epoch]);
  const { meeting } = entries[0]!;
  const gone = meeting.slot
    ? await page.request.post(`/api/slots/${meeting.slot.id}/end`, { multipart: { from_epoch: epoch } })
    : await page.request.delete(`/api/meetings/${meeting.id}`);
  expect((await gone.json()).status).toBe('success');
}

test('a tutor sees the week at a desktop\'s width, moves between weeks and opens an hour by keyboard, and sees a new weekly hour marked', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await weekJourney(page, { hour: at(22, 3, 30), oneOff: false });
});

test('a tutor sees the week day by day at a phone\'s width, and sees a new one-off hour marked', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await weekJourney(page, { hour: at(17, 2, 15), oneOff: true });
});
