import type { Page } from '@playwright/test';
import { expect, newContext, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * Hours and pay (issue 24 'My Hours', with issue 25's hourly rate): the supervisor sets Jordan's
 * rate on the team card from the current pay period's first day, then Jordan reads the period's
 * hours, what the confirmed ones come to at that rate, and the sessions waiting for a summary, and
 * moves between periods with the keyboard. Another supervisor would set Maya's own rate.
 */
test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
const figure = async (page: Page, term: string) => (await page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd').textContent())!.trim();

test('a supervisor sets a tutor\'s hourly rate, and the tutor sees the period\'s hours and pay', async ({ browser }) => {
  const lead = await (await newContext(browser)).newPage();
  await signInThroughOutbox(lead, 'maya@beacontutoring.com', 'tutor');
  await dashboardLive(lead);
  const jordan = ((await (await lead.request.get('/api/tutors')).json()).data as { id: number; name: string }[]).find((t) => t.name === 'Jordan Alvarez')!;
  const period = (await (await lead.request.get(`/api/tutors/${jordan.id}/hours`)).json()).data as { first_day: string; last_day: string };

  await sidebar(lead).getByRole('link', { name: 'Team View' }).click();
  await card(lead, 'Jordan Alvarez').getByRole('button', { name: 'Expand' }).click();
  const rate = lead.getByRole('form', { name: 'New hourly rate of Jordan Alvarez' });
  await rate.getByLabel('New rate ($ an hour)').fill('thirty');
  await rate.getByRole('button', { name: 'Set rate' }).click();
  await expect(rate.getByRole('alert')).toHaveText(/Please enter an hourly rate in dollars/);
  await rate.getByLabel('New rate ($ an hour)').fill('32.50');
  await rate.getByLabel('Takes effect on').fill(period.first_day);
  await rate.getByRole('button', { name: 'Set rate' }).click();
  await expect(rate.getByRole('status')).toContainText('Jordan Alvarez is paid $32.50/h from');
  await expect(lead.getByRole('list', { name: 'Hourly rates of Jordan Alvarez' })).toContainText('$32.50/h');
  // Maya's own card: no form; another supervisor sets her rate.
  await card(lead, 'Maya').getByRole('button', { name: 'Expand' }).click();
  await expect(card(lead, 'Maya').getByText('Another supervisor sets your own rate.')).toBeVisible();
  await expect(lead.getByRole('form', { name: /New hourly rate of Maya/ })).toHaveCount(0);
  await lead.context().close();

  const page = await (await newContext(browser)).newPage();
  await signInThroughOutbox(page, 'jordan@beacontutoring.com', 'tutor');
  await dashboardLive(page);
  await sidebar(page).getByRole('link', { name: 'My Hours' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Hours' })).toBeVisible();
  await expect(page).toHaveURL(/\/tutors\/myself\/dashboard\/hours$/);
  const weeks = page.getByRole('table', { name: 'Hours by week' });
  await expect(weeks.getByRole('row')).toHaveCount(3);
  // The pay is the confirmed hours at the rate (set from the period's first day, so no hour is unrated).
  const confirmed = Number(await figure(page, 'Confirmed hours'));
  const pay = await figure(page, 'Pay');
  expect(Number(pay.replace('$', ''))).toBeCloseTo(confirmed * 32.5, 2);
  await expect(page.getByText('Confirmed hours at $32.50/h.')).toBeVisible();
  // The figures are the team view's for the same days.
  const report = (await (await page.request.get('/api/tutors/myself/hours')).json()).data;
  expect(Number(await figure(page, 'Scheduled hours'))).toBeCloseTo(report.scheduled_minutes / 60, 1);
  await expect(page.getByRole('heading', { level: 2, name: 'Sessions missing a summary' })).toBeVisible();
  await expectAccessible(page);

  // Periods by keyboard: back one, then this one again.
  const shown = page.locator('[aria-live="polite"]').filter({ hasText: 'Pay period' });
  const current = (await shown.textContent())!;
  await page.getByRole('button', { name: 'Previous period' }).focus();
  await page.keyboard.press('Enter');
  await expect(shown).not.toHaveText(current);
  await expect(weeks.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'This period' }).focus();
  await page.keyboard.press('Enter');
  await expect(shown).toHaveText(current);
  await page.context().close();
});
