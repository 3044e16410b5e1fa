import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * Payroll (issue 25): the supervisor opens the last pay period (the demo's weekly sessions with Alex
 * fall in it), downloads its CSV files, and marks it paid, after which it reads as paid and final.
 * The current period cannot be marked paid before it ends.
 */
test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

async function downloaded(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFile((await file.path())!, 'utf8');
}

test('a supervisor reads the last pay period, downloads its CSV files and marks it paid', async ({ page }) => {
  await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
  await dashboardLive(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payroll' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll' })).toBeVisible();
  await expect(page.getByText(/Not paid yet\. The period ends on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Previous period' }).click();
  const table = page.getByRole('table', { name: 'Pay per tutor' });
  await expect(table.getByRole('rowheader', { name: 'Jordan Alvarez' })).toBeVisible();
  await expect(page.getByText('Not paid yet. The numbers follow the summaries until the period is marked paid.')).toBeVisible();
  await expectAccessible(page);

  const perTutor = await downloaded(page, 'Download CSV (one row per tutor)');
  expect(perTutor.split('\r\n')[0]).toBe('period_first_day,period_last_day,tutor,confirmed_hours,sessions_held_back,hourly_rate,pay');
  expect(perTutor).toContain(',Jordan Alvarez,');
  const perSession = await downloaded(page, 'Download CSV (one row per session)');
  expect(perSession.split('\r\n')[0]).toBe('period_first_day,tutor,session_start,course,minutes,hourly_rate,pay,carried_over');

  // Marked paid with the keyboard, after a confirmation that says what freezes.
  await page.getByRole('button', { name: 'Mark as paid' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Mark this pay period as paid?' });
  await expect(dialog).toContainText('Its numbers are then frozen');
  await dialog.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Paid on' })).toContainText('by Maya Chen');
  await expect(page.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  // Still paid after a reload of the period.
  // Each move is seen before the next: a click on Previous before the current period shows would go back from the paid one.
  await page.getByRole('button', { name: 'This period' }).click();
  await expect(page.getByText(/Not paid yet\. The period ends on/)).toBeVisible();
  await page.getByRole('button', { name: 'Previous period' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paid on' })).toBeVisible();
});
