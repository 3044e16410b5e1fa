import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';

/** The booking flow's steps as a visitor works them, shared by the booking and tutor journeys. */

export interface Choices {
  school?: 'University' | 'High School';
  course: string;
  size: 'One-on-one' | 'Group-of-Two';
  frequency: 'Weekly' | 'One Time';
  place: RegExp | string;
}

/** Home page, booking step 1 with these choices, then the list of step 2. */
export async function chooseAndList(page: Page, choices: Choices) {
  await page.goto('/');
  const booking = page.locator('#book');
  await booking.scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: /^Meet a Beacon Tutoring Tutor$/ })).toBeVisible();
  if (choices.school) await page.getByRole('radio', { name: choices.school }).check();
  const course = page.getByRole('combobox', { name: 'Course' });
  await course.click();
  await course.pressSequentially(choices.course);
  await page.keyboard.press('Enter');
  const next = page.getByRole('button', { name: 'Select Tutor, Time and Location' });
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('radio', { name: new RegExp(`^${choices.size}`) }).check();
  await page.getByRole('radio', { name: new RegExp(`^${choices.frequency}`) }).check();
  await page.getByRole('radio', { name: choices.place }).check();
  await expect(next).not.toHaveAttribute('aria-disabled');
  await expect(page.getByText("You won't be charged yet · All prices are per student for one hour sessions")).toBeVisible();
  await expectAccessible(page);
  await next.click();
  await expect(page.getByRole('heading', { name: 'Select Tutor, Time and Location' })).toBeVisible();
  await expectAccessible(page);
}

export async function bookFirst(page: Page) {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const before = scripts.length;
  await page.getByRole('button', { name: /^Book / }).first().click();
  await expect(page.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
  expect(scripts.slice(before).some((url) => url.includes('StepFinalize'))).toBe(true);
}

export async function fillContact(page: Page, contact: { first: string; last: string; email: string; phone: string }) {
  await page.getByLabel('First name').fill(contact.first);
  await page.getByLabel('Last name').fill(contact.last);
  await page.getByLabel('Email').fill(contact.email);
  await page.getByLabel('Phone').fill(contact.phone);
}

/** After Pay: the booked screen stays until the student moves on, with 'Go to your classes' from the home page. */
export async function leaveBookedScreen(page: Page, moveOn: 'Go to your classes' | 'See your sessions' = 'Go to your classes') {
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  await page.getByRole('button', { name: moveOn }).click();
}
