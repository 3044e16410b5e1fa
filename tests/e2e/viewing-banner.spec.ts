import { expect, test } from './suite-clock.ts';
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
  // One's own dashboard keeps the spec's headings.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team View' }).click();
  const jordan = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Jordan Alvarez' }) });
  await jordan.getByRole('link', { name: 'Open Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jordan’s Work History');
  await expect(banner).toHaveText(/Viewing Jordan Alvarez’s dashboard/);
  const address = page.url();

  // The server writes it with the first screen: it is in the page before any script runs.
  const html = await (await page.request.get(address)).text();
  expect(html).toContain('Viewing <strong>Jordan Alvarez</strong>');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Schedule' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jordan’s Schedule');
  await expect(banner).toBeVisible();
  // A destructive action says whose session it is.
  await page.locator('article').first().getByRole('button', { name: /Cancel/ }).first().click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('This is Jordan Alvarez’s session.');
  await confirm.getByRole('button', { name: 'Nevermind' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Jordan’s Availability');
  await banner.getByRole('link', { name: 'Back to the team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Team' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
