import type { TZDate } from '@date-fns/tz';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { CAMPUS_ZONE, campusAt } from './campus-time.ts';
import { signInThroughOutbox } from './outbox.ts';
import { showWholeList } from './tutor-lists.ts';

/**
 * A tutor takes published hours back (issue 24, 'Delete and end'): deletes a one-off hour with the
 * keyboard, ends a weekly series from its second week, then takes a day off and takes it back;
 * once at a desktop's width and once at a phone's. Each run makes its own hours (early in the
 * morning on campus, hours nobody else's journey uses) and leaves the demo's as they were: the day
 * off is taken back, and the series' last week removed, at the end.
 */
test.describe.configure({ timeout: 60_000 });
const ZONE = CAMPUS_ZONE;
test.use({ timezoneId: ZONE, locale: 'en-US' });

const TUTOR = 'jordan@beacontutoring.com';
const at = campusAt;
// Days on which the demo gives Jordan no hours (the seed's weekly ones fall on today's and
// three days later's weekdays, its one-offs on days 2, 5, 9, 11 and 13).

const local = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, ...options });
const longDate = (date: Date) => local({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date);
const isoDay = (date: TZDate) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Presses Tab until the target has the focus (a keyboard user's way to a control). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 15; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The control cannot be reached with Tab');
}

/** One run of the journey at a width, with its hours at `hour`:`minute` (`label`: how the cards write them). */
async function takeHoursBack(page: Page, { viewWidth, hour, minute, label }: { viewWidth: number; hour: number; minute: number; label: string }) {
  const weeklyStart = at(2, hour, minute);
  const oneOff = at(14, hour, minute);
  const onDayOff = at(15, hour, minute);
  await page.setViewportSize({ width: viewWidth, height: viewWidth > 400 ? 800 : 740 });
  await signInThroughOutbox(page, TUTOR, 'tutor');
  // The journey's own hours, published as the + button does.
  for (const [path, form] of [
    ['/api/slots', { duration_mins: 60, anchor_epoch: weeklyStart.getTime() / 1000, tutor: 'myself' }],
    ['/api/meetings', { occurrence_epoch: oneOff.getTime() / 1000, tutor: 'myself' }],
    ['/api/meetings', { occurrence_epoch: onDayOff.getTime() / 1000, tutor: 'myself' }],
  ] as const) {
    expect((await (await page.request.post(path, { multipart: form })).json()).status).toBe('success');
  }
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Availability' })).toBeVisible();
  const cards = page.locator('article').filter({ hasText: label });
  const card = (date: Date) => cards.filter({ hasText: longDate(date) });
  await expect(card(onDayOff)).toHaveCount(1);
  await showWholeList(page);
  const weeks = await cards.count();
  expect(weeks).toBeGreaterThan(4);

  // Delete the one-off, with the keyboard only.
  await card(oneOff).getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this hour?' });
  await expect(confirm).toContainText('nobody can book it any more');
  await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  const deleted = page.getByRole('dialog', { name: 'Hour deleted' });
  await expect(deleted).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deleted).toHaveCount(0);
  await expect(card(oneOff)).toHaveCount(0);

  // End the series from its second week: the dialog says what goes before anything does.
  await card(weeklyStart).getByRole('button', { name: 'End series…' }).click();
  const end = page.getByRole('dialog', { name: 'End this weekly series?' });
  await expect(end.getByLabel('End the series from')).toHaveValue(isoDay(weeklyStart));
  await expect(end).toContainText(`${weeks - 2} unbooked weeks will be removed.`);
  await end.getByLabel('End the series from').fill(isoDay(at(9, 0, 0)));
  await expect(end).toContainText(`${weeks - 3} unbooked weeks will be removed.`);
  await end.getByRole('button', { name: 'End series' }).click();
  const ended = page.getByRole('dialog', { name: 'Series ended' });
  await expect(ended).toContainText(`${weeks - 3} unbooked weeks removed.`);
  await ended.getByRole('button', { name: 'Close' }).click();
  // Left: the series' first week and the hour on the day to be taken off.
  await expect(cards).toHaveCount(2);
  await expect(card(weeklyStart).getByRole('button', { name: 'Remove this week' })).toBeVisible();

  // A day off removes the unbooked hour on it; taking it back does not restore it.
  await page.getByRole('button', { name: 'Days off' }).click();
  const daysOff = page.getByRole('dialog', { name: 'Days off' });
  await expect(daysOff).toContainText('None ahead.');
  await daysOff.getByLabel('First day off').fill(isoDay(onDayOff));
  await expect(daysOff.getByLabel('Last day off')).toHaveValue(isoDay(onDayOff));
  // One axe pass (a second costs seconds): the dialog with its fields, list and heading.
  await expectAccessible(page);
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(width.page).toBeLessThanOrEqual(width.screen);
  await daysOff.getByRole('button', { name: 'Take days off' }).click();
  const taken = page.getByRole('dialog', { name: 'Days off taken' });
  await expect(taken).toContainText(/1 unbooked hour removed\. Nothing can be booked or added on them now\./);
  await taken.getByRole('button', { name: 'Close' }).click();
  await expect(card(onDayOff)).toHaveCount(0);

  await page.getByRole('button', { name: 'Days off' }).click();
  await daysOff.getByRole('button', { name: /^Take back / }).click();
  await expect(daysOff.getByRole('status')).toContainText('does not bring back the hours they removed');
  await expect(daysOff).toContainText('None ahead.');
  await daysOff.getByRole('button', { name: 'Close' }).click();
  await expect(cards).toHaveCount(1);

  // The series' last week goes too, so that no journey after this one books the short series.
  await card(weeklyStart).getByRole('button', { name: 'Remove this week' }).click();
  await page.getByRole('dialog', { name: 'Remove this week?' }).getByRole('button', { name: 'Remove this week' }).click();
  await page.getByRole('dialog', { name: 'Week removed' }).getByRole('button', { name: 'Close' }).click();
  await expect(cards).toHaveCount(0);
}

test('at a desktop\'s width, a tutor deletes an hour, ends a weekly series from a date and takes a day off, then takes it back', async ({ page }) => {
  await takeHoursBack(page, { viewWidth: 1280, hour: 5, minute: 15, label: '5:15–6:15 AM' });
});

test('at a phone\'s width, a tutor deletes an hour, ends a weekly series from a date and takes a day off, then takes it back', async ({ page }) => {
  await takeHoursBack(page, { viewWidth: 360, hour: 4, minute: 15, label: '4:15–5:15 AM' });
});
