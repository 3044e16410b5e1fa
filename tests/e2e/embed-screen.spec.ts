import { expectAccessible } from './axe.ts';
import { expect, test } from './csp.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The supervisor's Embed screen (issue 26): the snippet written from the form, the live preview of
 * the widget's frame (framed by our own page), and the list of sites allowed to embed it.
 */
const SUPERVISOR = 'maya@beacontutoring.com';

test('a supervisor writes the snippet from the form, previews the widget and keeps the list of allowed sites', async ({ page, baseURL, context }) => {
  await signInThroughOutbox(page, SUPERVISOR, 'tutor');
  await page.getByRole('link', { name: 'Embed' }).click();
  await expect(page.getByRole('heading', { name: 'Embed', level: 1 })).toBeVisible();
  await expect(page.getByText('A change takes effect within a minute.')).toBeVisible();

  await page.getByLabel('School').selectOption('university');
  await page.getByLabel('Course', { exact: true }).selectOption('CS 121');
  await page.getByLabel('Accent colour', { exact: true }).fill('#aa3300');
  await page.getByLabel('Corner radius').fill('12px');
  await page.getByLabel("Use the host page's font").check();
  const snippet = page.getByLabel("Snippet for the partner's page");
  await expect(snippet).toHaveValue(
    `<script src="${baseURL}/embed.js" async></script>\n<div data-booking-widget data-school="university" data-course="CS 121" data-accent="#aa3300" data-radius="12px" data-font="inherit" style="min-height:960px"></div>`,
  );

  // The preview is the real frame, on our own page, with the options chosen.
  const preview = page.frameLocator('iframe[title="Booking widget preview"]');
  await expect(preview.getByText('CS 121 (', { exact: false })).toBeVisible();
  await expect(page.locator('iframe[title="Booking widget preview"]')).toHaveAttribute('src', /\/embed\/booking\?school=university&course=CS\+121&accent=%23aa3300&radius=12px/);

  await page.getByRole('radio', { name: 'As a pop-up, from a button' }).check();
  await expect(snippet).toHaveValue(/<button data-booking-widget-popup [^>]*>Book a session<\/button>$/);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue());

  // The allowed sites: a refused address keeps what was typed; a good one is stored, then removed.
  const site = `https://club${Date.now() % 100_000}.example.org`;
  const add = page.getByRole('form', { name: 'Add a site' });
  await add.getByLabel("Site's address").fill('www.example.org/booking');
  await add.getByLabel("Site's address").press('Enter');
  await expect(add.getByRole('alert')).toContainText('"www.example.org/booking" is not a site address we can allow.');
  await expect(add.getByLabel("Site's address")).toHaveValue('www.example.org/booking');
  await add.getByLabel("Site's address").fill(`${site}/`);
  await add.getByLabel("Site's address").press('Enter');
  const list = page.getByRole('list', { name: 'Allowed sites' });
  await expect(list.getByText(site, { exact: true })).toBeVisible();
  expect(((await (await page.request.get('/api/embed/origins')).json()).data.origins as string[])).toContain(site);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Allowed sites' }).getByText(site, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${site}` }).click();
  await expect(page.getByRole('button', { name: `Remove ${site}` })).toHaveCount(0);
  expect(((await (await page.request.get('/api/embed/origins')).json()).data.origins as string[])).not.toContain(site);
});

test('a tutor has no Embed screen: its address lands on their Schedule', async ({ page }) => {
  await signInThroughOutbox(page, 'jordan@beacontutoring.com', 'tutor');
  await expect(page.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Embed' })).toHaveCount(0);
  await page.goto('/tutors/myself/dashboard/embed');
  await expect(page).toHaveURL(/\/tutors\/myself\/dashboard\/schedule$/);
});
