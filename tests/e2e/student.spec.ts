import type { Page } from '@playwright/test';
import { expect, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { leaveBookedScreen } from './booking-steps.ts';
import { newCustomerWithGradebook, signInThroughOutbox } from './outbox.ts';

test('the demo student sees upcoming sessions, skips a meeting and cancels the subscription', async ({ page }) => {
  await signInThroughOutbox(page, 'alex@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Sessions' })).toBeVisible();
  await expect(page.getByText('Hi, Alex')).toBeVisible();
  await expect(page.getByRole('link', { name: 'CS 121 Grades' })).toBeVisible();
  const cards = page.locator('article');
  await expect(cards.first()).toBeVisible();
  await expectAccessible(page);

  // Skip the one-time Calculus I session.
  const calculusOne = () => cards.filter({ has: page.getByText('Calculus I', { exact: true }) }).filter({ hasText: 'Group-of-Two' });
  const calculus = calculusOne().first();
  await expect(calculus.getByText('Your tutor')).toBeVisible();
  await calculus.getByRole('button', { name: 'Skip Meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Skip Meeting' }).click();
  await expect(page.getByRole('dialog', { name: 'Meeting canceled' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(calculusOne()).toHaveCount(0);

  // Cancel the weekly CS 121 subscription: its later meetings leave the list.
  await page.getByRole('button', { name: /^Show all \d+ Intro to Programming I sessions$/ }).click();
  const weeklyBefore = await cards.filter({ has: page.getByText('Intro to Programming I', { exact: true }) }).count();
  expect(weeklyBefore).toBeGreaterThan(3);
  await cards.filter({ has: page.getByText('Intro to Programming I', { exact: true }) }).last().getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByRole('dialog', { name: 'Subscription canceled' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => cards.filter({ has: page.getByText('Intro to Programming I', { exact: true }) }).count()).toBeLessThanOrEqual(1);

  await page.getByRole('link', { name: 'Meeting History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Previous Sessions' })).toBeVisible();
  await expect(page.getByText(/hours of extra time billed in 2 separate transactions/)).toBeVisible();
  await expect(page.getByText('Complete: 30 min overtime')).toBeVisible();
  await expectAccessible(page);
});

async function addCategory(page: Page, name: string, weight: string, drops: string) {
  await page.getByLabel('Grade Category').fill(name);
  await page.getByLabel('Weight %').fill(weight);
  await page.getByLabel('Dropped Assignments').fill(drops);
  await page.getByRole('button', { name: 'Add Category' }).click();
}

async function addGrade(page: Page, grade: { name?: string; earned?: string; total?: string; due?: string; category?: string }) {
  await page.getByLabel('Assignment Name').fill(grade.name ?? '');
  await page.getByLabel('Points Earned').fill(grade.earned ?? '');
  await page.getByLabel('Points Total').fill(grade.total ?? '');
  await page.getByLabel('Due Date').fill(grade.due ?? '');
  if (grade.category) {
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: grade.category }).click();
  }
  await page.getByRole('button', { name: 'Add to Gradebook' }).click();
}

test('a fresh gradebook: onboarding, setup with its checks, grades with theirs, the summary, a deletion', async ({ page }) => {
  const id = await newCustomerWithGradebook(page, 'MATH 125', '2065550301');
  await page.goto(`/student/dashboard/grades/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'MATH 125 Gradebook' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Your pass guarantee' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep the Guarantee' }).click();
  await expect(page.getByRole('heading', { name: "You'll need your syllabus" })).toBeVisible();
  await page.getByRole('button', { name: "I'm Ready!" }).click();
  await expect(page.getByRole('heading', { name: 'Setup your gradebook' })).toBeVisible();
  await expect(page.getByText(/shared only with Beacon Tutoring's staff/)).toBeVisible();
  await expect(page.getByText('(206) 555-0142').first()).toBeVisible();
  await expectAccessible(page);

  const alert = page.getByRole('alert');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(alert).toHaveText('Use the form to input at least one category');
  await addCategory(page, '', '50', '0');
  await expect(alert.first()).toHaveText('The category must have a name');
  await addCategory(page, 'Homework', '150', '0');
  await expect(alert.first()).toHaveText("The grade category's weightage must be between 0 and 100");
  await addCategory(page, 'Homework', '40', '-2');
  await expect(alert.first()).toHaveText('You must have a non-negative number of dropped assignments. If your syllabus does not "drop" any lowest grades, enter 0');
  await addCategory(page, 'Homework', '40', '1');
  await expect(page.getByText('1 lowest scores dropped')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(alert).toHaveText('The weights of each category must add up to 100%. Are you sure you entered all the categories from your syllabus?');
  await addCategory(page, 'Exams', '60', '0');
  await expect(page.getByText('worth 60%')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByRole('heading', { name: 'Add Grade' })).toBeVisible();
  await expect(page.getByLabel('Overall grade ~')).toBeVisible();
  const checks: [Parameters<typeof addGrade>[1], string][] = [
    [{}, 'Please enter an assignment name'],
    [{ name: 'Quiz 1', total: 'ten' }, 'The total number of points must be a number'],
    [{ name: 'Quiz 1', total: '0' }, 'The assignment must have a positive number of total points'],
    [{ name: 'Quiz 1', total: '10', earned: 'x' }, 'The earned number of points must be a number'],
    [{ name: 'Quiz 1', total: '10', earned: '-1' }, 'The assignment must have a non-negative number of earned points'],
    [{ name: 'Quiz 1', total: '10', earned: '8' }, 'Please select an assignment category for this grade'],
  ];
  for (const [grade, message] of checks) {
    await addGrade(page, grade);
    await expect(alert).toHaveText(message);
  }
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Homework' }).click();
  await page.getByRole('button', { name: 'Add to Gradebook' }).click();
  await expect(alert).toHaveText('Please select a due date for this assignment');
  await page.getByLabel('Due Date').fill('2026-11-10');
  await page.getByRole('button', { name: 'Add to Gradebook' }).click();
  await expect(page.getByLabel('Overall grade 80%')).toBeVisible();

  await addGrade(page, { name: 'Midterm', earned: '45', total: '50', due: '2026-11-12', category: 'Exams' });
  // 40% × 80% + 60% × 90% = 86%
  await expect(page.getByLabel('Overall grade 86%')).toBeVisible();
  await addGrade(page, { name: 'Midterm', earned: '1', total: '50', due: '2026-11-12', category: 'Exams' });
  await expect(alert).toHaveText('A grade with this name already exists, please try a different assignment name');
  const list = page.getByRole('region', { name: 'Recently Entered Grades' });
  await expect(list.getByRole('listitem').first()).toContainText('Midterm');
  await expectAccessible(page);

  await list.getByRole('button', { name: 'Delete Midterm' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByLabel('Overall grade 80%')).toBeVisible();
});

test('waiving the guarantee archives the gradebook and leads back to the sessions', async ({ page }) => {
  const id = await newCustomerWithGradebook(page, 'APSTAT', '2065550302');
  await page.goto(`/student/dashboard/grades/${id}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Waive the Guarantee' }).click();
  const confirm = page.getByRole('dialog', { name: 'Waive the guarantee?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Waive the Guarantee' }).click();
  await expect(page.getByRole('heading', { name: 'Guarantee Waived' })).toBeVisible();
  const gradebooks = (await (await page.request.get('/api/customers/myself/gradebooks')).json()).data as { id: number; archived: boolean }[];
  expect(gradebooks.find((g) => String(g.id) === id)?.archived).toBe(true);
  await page.getByRole('link', { name: 'View Scheduled Meetings' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Sessions' })).toBeVisible();
  await expect(page.locator('article')).toHaveCount(1);
});

test('a student with nothing upcoming books from the sessions screen, which then lists the session', async ({ page }) => {
  const created = await page.request.post('/api/customers', { multipart: { email: 'empty.student@example.com', phone: '2065550303', firstname: 'Ivy', lastname: 'Chen' } });
  expect((await created.json()).status).toBe('success');
  await page.goto('/student/dashboard/history');
  await expect(page.getByText('You have no previous sessions')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book sessions' })).toHaveAttribute('href', '/');
  await page.goto('/student/dashboard');
  await expect(page.getByText('Book a session to get started')).toBeVisible();
  await expectAccessible(page);
  const course = page.getByRole('combobox', { name: 'Course' });
  await course.click();
  await course.pressSequentially('IT 101');
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: /^One-on-one/ }).check();
  await page.getByRole('radio', { name: /^One Time/ }).check();
  await page.getByRole('radio', { name: 'Online' }).check();
  await page.getByRole('button', { name: 'Select Tutor, Time and Location' }).click();
  await page.getByRole('button', { name: /^Book / }).first().click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page, 'See your sessions');
  await expect(page.locator('article').filter({ hasText: 'Networking Fundamentals' })).toBeVisible();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});
