import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './csp.ts';
import { bookFirst, chooseAndList, fillContact, leaveBookedScreen } from './booking-steps.ts';
import type { OutboxMessage } from './outbox.ts';

/** Messages in the demo outbox matching `match`, once at least one has arrived (newest first). */
async function arrived(request: APIRequestContext, match: (m: OutboxMessage) => boolean): Promise<OutboxMessage[]> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
      found = messages.filter(match);
      return found.length;
    })
    .toBeGreaterThan(0);
  return found;
}

test('a visitor books: the confirmation with its invite and the tutor\'s notice arrive, the card downloads the entry; a skip cancels it and tells the tutor', async ({ page, request }) => {
  const serial = String(Date.now()).slice(-4);
  const student = { first: 'Rosa', last: `Quill${serial}`, email: `rosa.quill${serial}@example.com`, phone: `(206) 555-${serial}` };
  await chooseAndList(page, { course: 'CS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await bookFirst(page);
  await fillContact(page, student);
  // Reminder texts are offered, on by default.
  await expect(page.getByRole('checkbox', { name: 'Text me reminders before each session' })).toBeChecked();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard/);

  // The student's confirmation carries a calendar invite; the tutor gets an email and a text.
  const [confirmation] = await arrived(request, (m) => m.to === student.email && m.subject.startsWith("You're booked"));
  expect(confirmation!.ics).toContain('METHOD:REQUEST');
  expect(confirmation!.ics).toContain('DTSTART;TZID=America/Los_Angeles:');
  const uid = confirmation!.ics!.match(/UID:(meeting-\d+@[^\r\n]+)/)![1]!;
  const fullName = `${student.first} ${student.last}`;
  const [tutorEmail] = await arrived(request, (m) => m.channel === 'email' && m.subject === `New booking: ${fullName}, CS 121`);
  expect(tutorEmail!.ics).toContain(`UID:${uid}`);
  await arrived(request, (m) => m.channel === 'sms' && m.text.includes(`${fullName} booked CS 121`));
  await arrived(request, (m) => m.to === student.email && m.subject.startsWith('Receipt:') && m.text.includes('ending in 4242'));

  // The outbox shows the email as it would look, with its invite to download.
  await page.goto('/dev/outbox');
  await expect(page.getByRole('link', { name: 'Download invite (.ics)' }).first()).toBeVisible();

  // Add to calendar on the meeting card downloads the same entry.
  await page.goto('/student/dashboard/upcoming');
  const card = page.locator('article').filter({ hasText: 'Intro to Programming I' }).first();
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  const entry = await readFile((await download.path())!, 'utf8');
  expect(entry).toContain(`UID:${uid}`);
  expect(entry).toContain('METHOD:PUBLISH');

  // The student skips: their entry is canceled and the tutor is told, by email and text.
  await card.getByRole('button', { name: 'Skip Meeting' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Skip Meeting' }).click();
  await expect(page.getByRole('dialog', { name: 'Meeting canceled' })).toBeVisible();
  const [canceled] = await arrived(request, (m) => m.to === student.email && m.subject.startsWith('Canceled: CS 121'));
  expect(canceled!.ics).toContain('METHOD:CANCEL');
  expect(canceled!.ics).toContain(`UID:${uid}`);
  expect(canceled!.text).toContain('Your tutor has been told');
  const [told] = await arrived(request, (m) => m.channel === 'email' && m.subject.startsWith(`${fullName} skipped`));
  expect(told!.ics).toContain('METHOD:CANCEL');
  await arrived(request, (m) => m.channel === 'sms' && m.text.includes(`${fullName} skipped CS 121`));
  await arrived(request, (m) => m.to === student.email && m.subject.startsWith('Refund:'));
});
