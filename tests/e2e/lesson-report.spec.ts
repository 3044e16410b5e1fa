import type { Locator, Page } from '@playwright/test';
import { expect, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The lesson report: the tutor files attendance, homework and a private note on a past session
 * with Alex from Work History, and Alex sees the homework (never the note) on that session's card
 * in Previous Sessions; on a desktop and on a phone. The session is the demo's first week of Alex's
 * weekly CS 121 (it has a summary already), so the journeys about the session just ended and its
 * missing summary (tutor.spec.ts) are untouched.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const TUTOR = 'jordan@beacontutoring.com';
const STUDENT = 'alex@example.com';
const SUMMARY = 'Loops, arrays and the first project';

/** The Work History card whose summary field holds the demo session's summary. */
async function reportedSession(page: Page): Promise<Locator> {
  const cards = page.locator('article').filter({ has: page.getByLabel('One-Line Meeting Summary:') });
  await expect(cards.first()).toBeVisible();
  const values = await cards.evaluateAll((articles) => articles.map((article) => article.querySelector('input')?.value ?? ''));
  const index = values.indexOf(SUMMARY);
  expect(index, 'the demo session with its summary is in Work History').toBeGreaterThanOrEqual(0);
  return cards.nth(index);
}

for (const [label, size] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 360, height: 740 }],
] as const) {
  test(`on a ${label}, the tutor files a lesson report with homework and the student sees the homework on the past session's card`, async ({ page }) => {
    await page.setViewportSize(size);
    const homework = `Exercises 3.1 to 3.4 (${label})`;
    const privateNote = `Parents asked about progress (${label} note)`;

    await signInThroughOutbox(page, TUTOR, 'tutor');
    await page.getByRole('link', { name: 'Work History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Work History' })).toBeVisible();
    const session = await reportedSession(page);
    const disclosure = session.getByRole('button', { name: 'Lesson report' });
    await disclosure.scrollIntoViewIfNeeded();
    if ((await disclosure.getAttribute('aria-expanded')) !== 'true') {
      // By keyboard: the disclosure, then the attendance choices with the arrow keys.
      await disclosure.focus();
      await page.keyboard.press('Enter');
    }
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const attendance = session.getByRole('group', { name: 'Attendance' });
    await expect(attendance).toBeVisible();
    await attendance.getByRole('radio', { name: 'Attended' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect(attendance.getByRole('radio', { name: 'Late (up to 15 minutes)' })).toBeChecked();
    await session.getByLabel('Homework for the student').fill(homework);
    const note = session.getByLabel('Private note');
    await note.fill(privateNote);
    await expect(session.getByText('Only staff see this')).toBeVisible();
    await expect(session).toContainText('Remember to submit!');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectAccessible(page);
    await session.getByRole('button', { name: 'Submit summary and report' }).click();
    await expect(session).toContainText('Saved');

    // A reload shows the report as filed.
    await page.reload();
    const again = await reportedSession(page);
    await expect(again.getByRole('button', { name: 'Lesson report' })).toHaveAttribute('aria-expanded', 'true');
    await expect(again.getByRole('radio', { name: 'Late (up to 15 minutes)' })).toBeChecked();
    await expect(again.getByLabel('Homework for the student')).toHaveValue(homework);
    await expect(again.getByLabel('Private note')).toHaveValue(privateNote);

    // The student: the homework on the session's card, and nothing of the staff's note.
    await page.context().clearCookies();
    await signInThroughOutbox(page, STUDENT);
    await page.getByRole('link', { name: 'Meeting History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Previous Sessions' })).toBeVisible();
    const card = page.locator('article').filter({ hasText: `Homework: ${homework}` });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Intro to Programming I');
    await expect(card.getByText(`Homework: ${homework}`)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expect(page.locator('body')).not.toContainText(privateNote);
    await expect(page.locator('body')).not.toContainText('Late (up to 15 minutes)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectAccessible(page);
    await page.context().clearCookies();
  });
}
