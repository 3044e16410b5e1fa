import { expect, test } from './suite-clock.ts';
import { latestMessage, newestOutboxId } from './outbox.ts';

/**
 * Sign in and come back (issue 25): a signed-out visit to a dashboard address (an email's 'Open your
 * schedule', say) lands on the home page with 'Please log in to continue' and the login dialog; the
 * emailed link then signs in and opens that address, not the dashboard's first page.
 */
test('a signed-out dashboard address asks to sign in, then opens after the emailed link', async ({ page }) => {
  const address = '/tutors/myself/dashboard/history';
  await page.goto(address);
  await expect(page).toHaveURL(/\/\?next=%2Ftutors%2Fmyself%2Fdashboard%2Fhistory$/);
  const dialog = page.getByRole('dialog', { name: 'Get a magic log-in link' });
  await expect(dialog).toContainText('Please log in to continue');

  const before = await newestOutboxId(page.request);
  await dialog.getByRole('textbox', { name: 'Email Address' }).fill('jordan@beacontutoring.com');
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible();
  const message = await latestMessage(page.request, 'jordan@beacontutoring.com', 'email', before);
  expect(message.link).toContain('&next=%2Ftutors%2Fmyself%2Fdashboard%2Fhistory');

  await page.goto(message.link!);
  await expect(page).toHaveURL(new RegExp(`${address}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Work History' })).toBeVisible();
});

test('a link that names another site is not followed after signing in', async ({ page }) => {
  await page.goto('/?next=https%3A%2F%2Fevil.example%2F');
  // Not a dashboard address of this site: no dialog opens by itself.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
