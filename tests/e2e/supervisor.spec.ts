import type { Page } from '@playwright/test';
import { expect, test } from './suite-clock.ts';
import sharp from 'sharp';
import { expectAccessible } from './axe.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The supervisor runs the team: hires a tutor through the checklist, qualifies and unarchives them,
 * sees them in the team view and then on the public home page; is told why a tutor with offerings
 * cannot be archived; opens a tutor's dashboard and comes back.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ locale: 'en-US' });

const SUPERVISOR = 'maya@beacontutoring.com';
const HIRE = { name: 'Riley Park', email: 'riley@beacontutoring.com', phone: '(206) 555-0188', bio: 'Riley aced data structures and loves linked lists.' };

let cookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>> | undefined;
/** Signs in through the outbox once, then reuses the session (login links are rate-limited). */
async function signInAsSupervisor(page: Page) {
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto('/tutors/myself/dashboard');
  } else {
    await signInThroughOutbox(page, SUPERVISOR, 'tutor');
    await expect(page).toHaveURL(/\/tutors\/myself\/dashboard$/);
    cookies = await page.context().cookies();
  }
}

async function openTeam(page: Page) {
  await signInAsSupervisor(page);
  await page.getByRole('link', { name: 'Team View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Team' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test('a supervisor hires a tutor by keyboard, qualifies and unarchives them, and the home page follows', async ({ page }) => {
  await openTeam(page);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  for (const link of ['All Gradebooks', 'Team View', 'Summaries']) await expect(sidebar.getByRole('link', { name: link })).toBeVisible();
  await expect(card(page, 'Jordan Alvarez')).toBeVisible();
  await expect(page.getByLabel('Show Archived')).not.toBeChecked();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create a Tutor' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create a Tutor' });
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('Show Archived')).toBeChecked();
  await expect(dialog.getByLabel('First Name')).toBeFocused();
  await page.keyboard.type(HIRE.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(HIRE.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(HIRE.phone);
  await page.keyboard.press('Tab');
  await page.keyboard.type(HIRE.bio);
  await expectAccessible(page);
  await dialog.getByLabel('Email').press('Enter');
  const checklist = page.getByRole('dialog', { name: `${HIRE.name} was created` });
  await expect(checklist).toContainText('I-9');
  await expect(checklist).toContainText(/archived/i);
  await checklist.getByRole('button', { name: 'Next' }).press('Enter');

  // Next leads to the photo: a PNG is refused (by its type, and by its content when it claims to
  // be a JPEG), a real JPEG is kept.
  const photo = page.getByRole('dialog', { name: 'Upload a profile photo' });
  await expect(photo).toBeVisible();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2563eb' } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } }).jpeg().toBuffer();
  const file = photo.getByLabel('Photo (JPEG)');
  await file.setInputFiles({ name: 'riley.png', mimeType: 'image/png', buffer: png });
  await photo.getByRole('button', { name: 'Upload' }).click();
  await expect(photo.getByRole('alert')).toHaveText('Please choose a JPEG photo.');
  await file.setInputFiles({ name: 'riley.jpg', mimeType: 'image/jpeg', buffer: png });
  await photo.getByRole('button', { name: 'Upload' }).click();
  await expect(photo.getByRole('alert')).toHaveText('The photo must be a JPEG');
  await file.setInputFiles({ name: 'riley.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await photo.getByRole('button', { name: 'Upload' }).press('Enter');
  await expect(photo.getByRole('status')).toHaveText('Succesfully uploaded photo');
  await expectAccessible(page);
  await photo.getByRole('button', { name: 'Close' }).click();

  const hire = card(page, HIRE.name);
  await expect(hire).toContainText('Archived');
  await hire.getByRole('button', { name: 'Expand' }).click();
  await expect(hire).toContainText('2065550188'.replace(/(\d{3})(\d{3})(\d{4})/, '($1) $2-$3'));
  const className = hire.getByLabel('Class', { exact: true });
  await className.click();
  await className.pressSequentially('CS 311');
  await page.keyboard.press('Enter');
  await hire.getByLabel('Qualification', { exact: true }).fill('A in CS 311; TA for a quarter');
  await hire.getByRole('button', { name: 'Submit' }).first().click();
  const unarchiveOffering = hire.getByRole('button', { name: /^Unarchive CS 311/ });
  await expect(unarchiveOffering).toBeVisible();

  // The checklist is kept on the card: two items ticked by keyboard, with who ticked them.
  await expect(hire).toContainText('Onboarding 0/6');
  const onboarding = hire.getByRole('region', { name: 'Onboarding' });
  for (const item of ['Set up payroll', 'Collect the I-9']) {
    const box = onboarding.getByRole('checkbox', { name: item });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await expect(box).toBeEnabled();
  }
  await expect(onboarding.getByText(/ticked by Maya/)).toHaveCount(2);
  await expect(hire).toContainText('Onboarding 2/6');

  // Unarchiving before the rest is done asks, naming what is not done (the photo is in).
  await hire.getByRole('button', { name: 'Unarchive', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm unarchival' });
  const notDone = confirm.getByRole('note', { name: 'Not done yet' });
  await expect(notDone.getByRole('listitem')).toHaveText(['Send the offer letter', 'Sign the employee agreement', 'Create a company email', 'Schedule training']);
  await confirm.getByRole('button', { name: 'Unarchive anyway' }).click();
  await expect(page.getByRole('dialog', { name: 'Tutor Succesfully Unarchived' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await unarchiveOffering.click();
  await expect(hire.getByRole('button', { name: /^Archive CS 311/ })).toBeVisible();
  await expectAccessible(page);

  // The public gallery shows the new tutor within a minute, without a rebuild.
  const home = await page.context().newPage();
  await expect
    .poll(
      async () => {
        await home.goto('/');
        return home.getByRole('heading', { name: HIRE.name }).count();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(1);
  await expect(home.getByText(HIRE.bio)).toBeVisible();
  const portrait = home.locator('.gallery-tutor').filter({ hasText: HIRE.name }).locator('img');
  await expect(portrait).toHaveJSProperty('complete', true);
  expect(await portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  await home.close();
});

test('archiving a tutor with offerings is refused with their count', async ({ page }) => {
  await openTeam(page);
  const jordan = card(page, 'Jordan Alvarez');
  // By keyboard: the dialog takes the focus, and Escape would close it.
  await jordan.getByRole('button', { name: 'Archive', exact: true }).press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm archival' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Archive' }).press('Enter');
  await expect(confirm.getByRole('alert')).toHaveText('This tutor has 4 attached offerings. Please archive the tutors offerings before archiving the tutor.');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(jordan).not.toContainText('Archived');
});

test('Open Dashboard shows the tutor\'s work history with a Back link to the team', async ({ page }) => {
  await openTeam(page);
  await card(page, 'Jordan Alvarez').getByRole('link', { name: 'Open Dashboard' }).click();
  await expect(page).toHaveURL(/\/tutors\/\d+\/dashboard\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Work History' })).toBeVisible();
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team View' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Team' })).toBeVisible();
});

test('Summaries lists the sessions that took place across tutors, with their summaries', async ({ page }) => {
  await signInAsSupervisor(page);
  await page.getByRole('link', { name: 'Summaries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recent Sessions' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Recent sessions' }).locator('article');
  await expect(sessions.first()).toBeVisible();
  await expect(page.getByText('Recursion and tracing call stacks')).toBeVisible();
  await expect(sessions.filter({ hasText: 'Jordan Alvarez' }).first()).toBeVisible();
  await expectAccessible(page);
});

test('All Gradebooks lists every student\'s gradebook', async ({ page }) => {
  await signInAsSupervisor(page);
  await page.getByRole('link', { name: 'All Gradebooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Gradebooks' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Gradebook' }).first()).toBeVisible();
  expect(await page.getByRole('link', { name: 'View Gradebook' }).count()).toBeGreaterThanOrEqual(2);
  await expectAccessible(page);
});
