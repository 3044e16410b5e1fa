import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { bookFirst, chooseAndList, fillContact, leaveBookedScreen } from './booking-steps.ts';
import { expect, test } from './csp.ts';

/** Journeys of the booking flow's guidance: what is missing, prices, the fully booked notice, the list by date, the contact marks and the booked screen. */

async function openBooking(page: Page) {
  await page.goto('/');
  await page.locator('#book').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: /^Meet a Beacon Tutoring Tutor$/ })).toBeVisible();
}

async function pickCourse(page: Page, course: string) {
  const select = page.getByRole('combobox', { name: 'Course' });
  await select.click();
  await select.pressSequentially(course);
  await page.keyboard.press('Enter');
}

test('step 1 says which choice is missing and reads prices right before a frequency is chosen', async ({ page }) => {
  await openBooking(page);
  await expect(page.getByText('Sessions from $45/hr · Group-of-Two from $30/hr')).toBeVisible();
  const next = page.getByRole('button', { name: 'Select Tutor, Time and Location' });
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toHaveAccessibleDescription('Choose a course, a focus level, a frequency and a place to continue.');
  await expect(page.getByText('Choose a course, a focus level, a frequency and a place to continue.')).toBeVisible();

  // Before a frequency: both prices, '/wk' only on the weekly one.
  await expect(page.getByRole('radio', { name: 'One-on-one $45/wk or $55 once' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Group-of-Two $30/wk or $35 once' })).toBeVisible();
  await expectAccessible(page);

  await pickCourse(page, 'CS 121');
  await expect(next).toHaveAccessibleDescription('Choose a focus level, a frequency and a place to continue.');
  await page.getByRole('radio', { name: /^One Time/ }).check();
  await expect(page.getByRole('radio', { name: 'One-on-one $55', exact: true })).toBeVisible();
  await expect(next).toHaveAccessibleDescription('Choose a focus level and a place to continue.');
  await page.getByRole('radio', { name: /^Weekly/ }).check();
  await expect(page.getByRole('radio', { name: 'One-on-one $45/wk', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: /^Group-of-Two/ }).check();
  await expect(next).toHaveAccessibleDescription('Choose a place to continue.');
  await page.getByRole('radio', { name: 'Online' }).check();
  await expect(next).not.toHaveAttribute('aria-disabled');
  await expect(next).not.toHaveAttribute('aria-describedby');
  await expect(page.getByText(/to continue\.$/)).toHaveCount(0);
});

test('a fully booked course: the notice links its phone number and the button says why it is disabled', async ({ page }) => {
  await openBooking(page);
  // Nobody teaching CHEM 142 has any time open.
  await pickCourse(page, 'CHEM 142');
  await page.getByRole('radio', { name: /^One-on-one/ }).check();
  await page.getByRole('radio', { name: /^One Time/ }).check();
  await page.getByRole('radio', { name: 'Online' }).check();
  const notice = page.getByText(/^All tutors for CHEM 142 are fully booked for one-on-one meetings or weekly subscriptions\. Please check back tomorrow or dial\/text \(206\) 555-0142$/);
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
  const next = page.getByRole('button', { name: 'Select Tutor, Time and Location' });
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toHaveAccessibleDescription('No open times for these choices.');
  // Neither the other size nor the other place has an opening: nothing is suggested.
  await expect(page.getByRole('radio', { name: 'On-Campus' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Tutors have openings for')).toHaveCount(0);
  await expectAccessible(page);
});

test('step 2 lists appointments under their dates with the bio once; step 3 marks empty fields; the booked screen stays until the student moves on', async ({ page }) => {
  await chooseAndList(page, { course: 'CS 122', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  const days = page.getByRole('heading', { level: 4 });
  await expect(days.first()).toBeVisible();
  // Every date heading is a day (a weekday, a month, a day and a year), and each has its appointments under it.
  for (const day of await days.allTextContents()) expect(day).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}$/);
  expect(await page.getByRole('button', { name: /^Book / }).count()).toBeGreaterThanOrEqual(await days.count());
  // CS 122 has one tutor: the bio shows once, closed, and opens.
  const about = page.getByText('About Jordan Alvarez', { exact: true });
  await expect(about).toHaveCount(1);
  await expect(page.getByText(/Qualification: A in CS 122$/).first()).toBeVisible();
  await about.click();
  await expect(page.locator('details[open]')).toHaveCount(1);
  await expectAccessible(page);

  await bookFirst(page);
  await expect(page.getByLabel('Card number')).not.toHaveAttribute('placeholder');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  for (const field of ['First name', 'Last name', 'Email', 'Phone']) {
    await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(field)).toHaveAccessibleDescription('Required');
  }
  await expect(page.getByText('Required', { exact: true })).toHaveCount(4);
  await page.getByLabel('First name').fill('Lina');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Required', { exact: true })).toHaveCount(3);
  await expectAccessible(page);

  const email = `lina.moreau${String(Date.now()).slice(-5)}@example.com`;
  await fillContact(page, { first: 'Lina', last: 'Moreau', email, phone: `206555${String(Date.now()).slice(-4)}` });
  await expect(page.getByText('Required', { exact: true })).toHaveCount(0);
  await expect(page.getByText('You pay $55 now for this one session.')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeFocused();
  const booking = page.getByRole('region', { name: 'Your booking' });
  await expect(booking).toContainText('CS 122 Intro to Programming II with Jordan Alvarez');
  await expect(booking.getByText(/\d{1,2}:\d{2}\s?[AP]M/)).toBeVisible();
  await expect(page.getByText(`Payment complete. Your confirmation, with a calendar invite, is on its way to ${email}.`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  // Well past the half second after which the flow used to leave: still here, to be read.
  await page.waitForTimeout(2000);
  await expect(page).toHaveURL(/\/$/);
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard\/grades\/\d+$/);
});
