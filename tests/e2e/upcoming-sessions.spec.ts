import { serverNow } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { leaveBookedScreen } from './booking-steps.ts';
import { expect, test } from './csp.ts';
import type { Page } from '@playwright/test';

async function choose(page: Page, course: string, frequency: 'Weekly' | 'One Time') {
  const select = page.getByRole('combobox', { name: 'Course' });
  await select.click();
  await select.pressSequentially(course);
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: /^One-on-one/ }).check();
  await page.getByRole('radio', { name: new RegExp(`^${frequency}`) }).check();
  await page.getByRole('radio', { name: 'Online' }).check();
  await page.getByRole('button', { name: 'Select Tutor, Time and Location' }).click();
  // The appointments' Book buttons name the tutor and time ('Book another session' opens the flow).
  await page.getByRole('button', { name: /^Book .+, / }).first().click();
  await expect(page.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
}

test("a weekly subscription shows its next meetings with 'Show all N'; 'Book another session' books from the list", async ({ page }) => {
  const serial = String(Date.now()).slice(-4);
  const created = await page.request.post('/api/customers', { multipart: { email: `theo.vance${serial}@example.com`, phone: `206556${serial}`, firstname: 'Theo', lastname: 'Vance' } });
  const answer = await created.json();
  expect(answer.status, JSON.stringify(answer)).toBe('success');

  // Nothing upcoming: the flow is on the screen. A weekly CS 311 subscription.
  await page.goto('/student/dashboard');
  await expect(page.getByText('Book a session to get started')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book another session' })).toHaveCount(0);
  await choose(page, 'CS 311', 'Weekly');
  await expect(page.getByText(/^You pay \$45 now for the first session, then \$45 before each weekly session until you cancel\.$/)).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('region', { name: 'Your booking' })).toContainText('CS 311 Data Structures with Maya Chen');
  await leaveBookedScreen(page, 'See your sessions');

  // The first three meetings, then Show all with the count of all of them.
  const weekly = page.locator('article').filter({ hasText: 'Data Structures' });
  const showAll = page.getByRole('button', { name: /^Show all \d+ Data Structures sessions$/ });
  await expect(showAll).toBeVisible();
  await expect(weekly).toHaveCount(3);
  await expect(showAll).toHaveText(/^Show all \d+$/);
  const total = Number((await showAll.textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(3);
  const now = await serverNow(page.request);
  const paid = ((await (await page.request.get('/api/customers/myself/payments')).json()).data as { meeting: { occurrence_epoch: number } }[]).filter(
    (p) => p.meeting.occurrence_epoch * 1000 > now,
  );
  expect(total).toBe(paid.length);
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);
  await showAll.click();
  await expect(weekly).toHaveCount(total);
  await expect(page.getByRole('button', { name: 'Show fewer Data Structures sessions' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Show fewer Data Structures sessions' }).click();
  await expect(weekly).toHaveCount(3);

  // Book another session: a one-time ECON 200 session.
  const another = page.getByRole('button', { name: 'Book another session' });
  await expect(another).toHaveAttribute('aria-expanded', 'false');
  await another.click();
  await expect(another).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: /^Meet a Beacon Tutoring Tutor$/ })).toBeVisible();
  await expectAccessible(page);
  await choose(page, 'ECON 200', 'One Time');
  await expect(page.getByText('Booking as Theo Vance')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('region', { name: 'Your booking' })).toContainText('ECON 200');
  await leaveBookedScreen(page, 'See your sessions');
  await expect(page.locator('article').filter({ hasText: 'Microeconomics' })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: /^Meet a Beacon Tutoring Tutor$/ })).toHaveCount(0);
  await expect(another).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});
