import { expectAccessible } from './axe.ts';
import { chooseAndList, leaveBookedScreen } from './booking-steps.ts';
import { dashboardLive } from './dashboard-live.ts';
import { expect, test } from './suite-clock.ts';

/**
 * A customer buys an hour package from their dashboard (docs/contract-extensions.md 'Hour
 * packages'): a declined card gives nothing, a good one pays, and the hours show in the balance,
 * the sidebar, the package's line with its expiry, and the ledger. Then they book a session with
 * an hour, skip it, and get the hour back.
 */
test.use({ locale: 'en-US' });

test('a customer buys 10 one-on-one hours, books a session with one, skips it and gets it back, and sees it all in the ledger', async ({ page }) => {
  test.setTimeout(90_000);
  // A new customer each run (the serial only keeps the address unique).
  const phone = `206${String(Date.now()).slice(-7)}`;
  const created = await page.request.post('/api/customers', { multipart: { email: `hours${phone}@example.com`, phone, firstname: 'Ivy', lastname: 'Chen' } });
  expect((await created.json()).status).toBe('success');

  await page.goto('/student/dashboard/upcoming');
  await dashboardLive(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Buy Hours' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard\/hours$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your hours' })).toBeVisible();
  await expect(page.getByText('You have no hours yet.', { exact: false })).toBeVisible();
  const offer = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '10 one-on-one hours' }) });
  await expect(offer.getByText('10 one-on-one hours · $500 · $50 an hour · book them within 180 days')).toBeVisible();
  await expectAccessible(page);

  await offer.getByRole('button', { name: 'Buy for $500' }).click();
  await offer.getByLabel('Card number').fill('4000 0000 0000 0002');
  await offer.getByRole('button', { name: 'Pay $500' }).click();
  await expect(offer.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByText('You have no hours yet.', { exact: false })).toBeVisible();

  await offer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await offer.getByRole('button', { name: 'Pay $500' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paid: you bought 10 one-on-one hours.' })).toBeVisible();
  await expect(page.getByText('You have 10 one-on-one hours to book with.')).toBeVisible();
  await expect(page.getByText('Credits: 10')).toBeVisible();
  const bought = page.getByRole('list', { name: 'Packages bought' }).getByRole('listitem');
  await expect(bought).toHaveCount(1);
  await expect(bought).toContainText('10 of 10 hours left');
  await expect(bought).toContainText(/Book them by \w+day, \w+ \d+, \d{4}/);
  const ledger = page.getByRole('table');
  await expect(ledger.getByRole('row').nth(1)).toContainText('Bought');
  await expect(ledger.getByRole('row').nth(1)).toContainText('+10');
  await expectAccessible(page);

  // Book a one-time session with an hour, in the booking flow's last step (the furthest one listed,
  // so that it can still be skipped).
  await chooseAndList(page, { course: 'CS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await page.getByRole('button', { name: /^Book / }).last().click();
  await expect(page.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
  const withHours = page.getByRole('region', { name: 'Pay with your hours' });
  await expect(withHours).toContainText('You have 10 one-on-one hours left: one books this session, with no card.');
  await expectAccessible(page);
  await withHours.getByRole('button', { name: 'Book with 1 hour' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard\/grades\/\d+$/);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Upcoming Sessions' }).click();
  await expect(page.getByText('Credits: 9')).toBeVisible();
  const session = page.locator('article').filter({ hasText: 'Intro to Programming I' });
  await expect(session).toHaveCount(1);

  // Skipped 12 hours or more ahead: the hour comes back.
  await session.getByRole('button', { name: 'Skip Meeting' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Skip Meeting' }).click();
  await expect(page.getByRole('dialog', { name: 'Meeting canceled' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Buy Hours' }).click();
  await expect(page.getByText('You have 10 one-on-one hours to book with.')).toBeVisible();
  await expect(page.getByText('Credits: 10')).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Returned');
  await expect(rows.nth(1)).toContainText('+1');
  await expect(rows.nth(2)).toContainText('Booked a session');
  await expect(rows.nth(2)).toContainText('−1');
});
