import { expect, test } from '@playwright/test';
import { dashboardLive } from './dashboard-live.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * A supervisor in another tutor's dashboard knows it (issue 24): the banner names the tutor on every
 * screen from the first paint (the server writes it), and leads back to the team; the supervisor's
 * own dashboard has none.
 */
test('a supervisor opening a tutor\'s dashboard sees whose it is, and goes back to the team', async ({ page }) => {
  await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
  await dashboardLive(page);
  const banner = page.getByRole('note', { name: 'Whose dashboard' });
  await expect(banner).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team View' }).click();
  const jordan = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Jordan Alvarez' }) });
  await jordan.getByRole('link', { name: 'Open Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work History' })).toBeVisible();
  await expect(banner).toHaveText(/Viewing Jordan Alvarez’s dashboard/);
  const address = page.url();

  // The server writes it with the first screen: it is in the page before any script runs.
  const html = await (await page.request.get(address)).text();
  expect(html).toContain('Viewing <strong>Jordan Alvarez</strong>');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Schedule' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Back to the team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Team' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
