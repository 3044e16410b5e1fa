import { expect, serverNow, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { bookFirst, chooseAndList, leaveBookedScreen } from './booking-steps.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The weekly billing journey moves the server's clock (demo mode's POST /dev/clock, README), which
 * every journey of the run shares: the journeys run one at a time (playwright.config.ts: one
 * worker), and this one puts the clock back whatever happens.
 */
test.afterEach(async ({ request }) => {
  const reset = await request.post('/dev/clock', { data: { reset: true } });
  expect(reset.ok()).toBe(true);
});

interface Payment {
  id: number;
  payment_status: string;
  meeting: { occurrence_epoch: number; offering: { course: { course_number: string } } };
}

test('a customer with a card on file books a weekly slot; the next week is charged when its skip window closes and shows Paid', async ({ page }) => {
  // Alex has a Visa on file (demo data): the booking charges it without a card step.
  await signInThroughOutbox(page, 'alex@example.com');
  await expect(page).toHaveURL(/\/student\/dashboard/);
  await chooseAndList(page, { course: 'IT 101', size: 'One-on-one', frequency: 'Weekly', place: 'Online' });
  await bookFirst(page);
  await expect(page.getByText(/paying with your Visa ending in 4242/)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard/);

  const weekly = async () =>
    ((await (await page.request.get('/api/customers/myself/payments')).json()).data as Payment[])
      .filter((p) => p.meeting.offering?.course.course_number === 'IT 101')
      .sort((a, b) => a.meeting.occurrence_epoch - b.meeting.occurrence_epoch);
  const booked = await weekly();
  expect(booked[0]!.payment_status).toBe('succeeded');
  const week2 = booked[1]!;
  expect(week2.payment_status).toBe('subscription_pending');

  // Move the server's clock to 11 hours before week 2: its skip window (12 hours) has closed.
  const hours = (week2.meeting.occurrence_epoch * 1000 - (await serverNow(page.request))) / 3600_000 - 11;
  const moved = await page.request.post('/dev/clock', { data: { advance_hours: hours } });
  expect(moved.ok()).toBe(true);

  // More than a week may have passed for the server: the session ended as idle, so sign in again.
  await signInThroughOutbox(page, 'alex@example.com');
  await expect(page).toHaveURL(/\/student\/dashboard/);
  await page.goto('/student/dashboard/upcoming');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Sessions' })).toBeVisible();
  const it101 = page.locator('article').filter({ has: page.getByText('Networking Fundamentals', { exact: true }) });
  // The browser's clock was not moved, so week 1 is still listed: weeks 1 and 2 paid, week 3 on.
  await expect(it101.nth(0).getByText('Paid', { exact: true })).toBeVisible();
  await expect(it101.nth(1).getByText('Paid', { exact: true })).toBeVisible();
  await expect(it101.nth(2).getByText('Scheduled', { exact: true })).toBeVisible();
  await expectAccessible(page);
  const after = await weekly();
  expect(after.find((p) => p.id === week2.id)!.payment_status).toBe('succeeded');
  expect(after.filter((p) => p.payment_status === 'succeeded')).toHaveLength(2);
});
