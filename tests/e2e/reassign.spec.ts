import type { APIRequestContext } from '@playwright/test';
import { expect, newContext, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { dashboardLive } from './dashboard-live.ts';
import { type OutboxMessage, signInThroughOutbox } from './outbox.ts';

/**
 * Re-assigning a session (issue 25): Maya opens Jordan's dashboard from Team View, gives a booked
 * CS 121 session to another tutor qualified for it (Priya, in the demo data), and the customer's
 * updated invite names the new tutor: the same calendar entry (UID) with a higher SEQUENCE.
 */
test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

/** Messages in the demo outbox matching `match`, once at least one has arrived (newest first). */
async function arrived(request: APIRequestContext, match: (m: OutboxMessage) => boolean): Promise<OutboxMessage[]> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(async () => {
      found = ((await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[]).filter(match);
      return found.length;
    })
    .toBeGreaterThan(0);
  return found;
}

/**
 * A new customer books and pays (card 4242) one of Jordan's open CS 121 hours, through the API as
 * the booking flow would, in a browser context of their own; returns their name, email and the meeting.
 */
async function customerBooksJordan(request: APIRequestContext) {
  const serial = String(Date.now()).slice(-6);
  const customer = { firstname: 'Noor', lastname: `Haddad${serial}`, email: `noor.haddad${serial}@example.com`, phone: `206${serial.padStart(7, '5')}` };
  const created = await request.post('/api/customers', { multipart: { email: customer.email, phone: customer.phone, firstname: customer.firstname, lastname: customer.lastname } });
  expect((await created.json()).status).toBe('success');
  const courses = (await (await request.get('/api/courses')).json()).data as { id: number; course_number: string }[];
  const cs121 = courses.find((c) => c.course_number === 'CS 121')!.id;
  const open = (await (await request.get(`/api/meetings?course=${cs121}&capacity=1&course_style=online`)).json()).data as { id: number; offering: { id: number; tutor: { name: string } } }[];
  const hour = open.find((m) => m.offering.tutor.name === 'Jordan Alvarez')!;
  const intent = (await (await request.post('/api/payments', { multipart: { meeting: hour.id, offering: hour.offering.id, capacity: 1, course_style: 'online' } })).json()).data;
  const paid = await request.post('/api/offline-payments/confirm', { multipart: { client_secret: intent.client_secret, card_number: '4242424242424242' } });
  expect((await paid.json()).data.status).toBe('succeeded');
  return { ...customer, name: `${customer.firstname} ${customer.lastname}`, meetingId: hour.id };
}

test('a supervisor re-assigns a booked session to another qualified tutor, and the customer\'s invite names the new tutor', async ({ page, browser }) => {
  const buyer = await newContext(browser);
  const customer = await customerBooksJordan(buyer.request);
  await buyer.close();

  await signInThroughOutbox(page, 'maya@beacontutoring.com', 'tutor');
  await dashboardLive(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team View' }).click();
  const jordan = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Jordan Alvarez' }) });
  await jordan.getByRole('link', { name: 'Open Dashboard' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Schedule' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jordan’s Schedule');

  const card = page.locator('article').filter({ hasText: customer.name });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Re-assign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-assign this session' });
  await expect(dialog).toContainText(`with ${customer.name}`);
  const sameTime = dialog.getByRole('group', { name: 'At the same time' });
  const priya = sameTime.getByRole('radio', { name: 'Priya Natarajan' });
  await expect(priya).toBeVisible();
  await expectAccessible(page);
  // On a 360-px phone the dialog fits the screen, nothing in it scrolls sideways.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await dialog.evaluate((d) => [d, ...d.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'))).toBe(false);
  await page.setViewportSize(desktop);
  // Chosen with the keyboard, as a radio is.
  await priya.focus();
  await page.keyboard.press('Space');
  await expect(priya).toBeChecked();
  await dialog.getByRole('button', { name: 'Re-assign' }).click();

  const done = page.getByRole('dialog', { name: 'Session re-assigned' });
  await expect(done.getByRole('status')).toContainText('is now with Priya Natarajan');
  await expect(done.getByRole('status')).toContainText('Nothing was refunded or charged');
  await done.getByRole('button', { name: 'Close' }).click();
  // Off Jordan's schedule.
  await expect(page.locator('article').filter({ hasText: customer.name })).toHaveCount(0);

  // The customer's email names Priya, its invite the same entry as the booking's, one SEQUENCE up.
  const [booked] = await arrived(page.request, (m) => m.to === customer.email && m.subject.startsWith("You're booked"));
  const uid = booked!.ics!.match(/UID:(meeting-\d+@[^\r\n]+)/)![1]!;
  expect(uid).toContain(`meeting-${customer.meetingId}@`);
  const [moved] = await arrived(page.request, (m) => m.to === customer.email && m.subject.startsWith('New tutor:'));
  expect(moved!.subject).toMatch(/^New tutor: CS 121 on .* with Priya Natarajan$/);
  expect(moved!.text).toContain('is now with Priya Natarajan instead of Jordan Alvarez');
  expect(moved!.ics).toContain('METHOD:REQUEST');
  expect(moved!.ics).toContain(`UID:${uid}`);
  expect(moved!.ics).toContain('SEQUENCE:1');
  expect(moved!.ics).toContain('CS 121 with Priya Natarajan');
  // Both tutors are told: Jordan's entry is canceled, Priya's added.
  const [away] = await arrived(page.request, (m) => m.to === 'jordan@beacontutoring.com' && m.subject.startsWith(`No longer yours: CS 121 with ${customer.name}`));
  expect(away!.ics).toContain('METHOD:CANCEL');
  expect(away!.ics).toContain(`UID:${uid}`);
  const [taken] = await arrived(page.request, (m) => m.to === 'priya@beacontutoring.com' && m.subject === `New session: ${customer.name}, CS 121`);
  expect(taken!.ics).toContain(`UID:${uid}`);
});
