import type { APIRequestContext } from '@playwright/test';
import { expect, serverNow, test } from './suite-clock.ts';
import { expectAccessible } from './axe.ts';
import { bookFirst, chooseAndList, fillContact } from './booking-steps.ts';
import { latestMessage, newestOutboxId } from './outbox.ts';

/**
 * The places where people used to get stuck: each now says what happened and leads on. The server
 * rules stay the authority; the browser's clock is never moved.
 */

let serial = 0;
/** A fresh email and a textable phone (area code and exchange starting 2-9) per call. */
function freshContact() {
  serial += 1;
  const digits = `${Date.now() % 100_000}${serial}`.padStart(6, '0').slice(-6);
  return { first: 'Robin', last: 'Park', email: `robin${digits}@example.com`, phone: `2065${digits}` };
}

/** Signs an API context in by the emailed link, as the address's owner would. */
async function signInByLink(api: APIRequestContext, email: string, userType: 'customer' | 'tutor') {
  const before = await newestOutboxId(api);
  expect((await (await api.post(`/api/login?user_type=${userType}&email=${encodeURIComponent(email)}`)).json()).status).toBe('success');
  const link = (await latestMessage(api, email, 'email', before)).link!;
  expect((await (await api.get(`/api/login?token=${new URL(link).searchParams.get('token')}`)).json()).status).toBe('success');
}

/**
 * A customer whose email and phone are both proven (it filled in the contact form, then used its
 * login link in the same browser), so codes can be texted to its phone. Made in its own context.
 */
async function provenCustomer(api: APIRequestContext) {
  const contact = freshContact();
  const created = await api.post('/api/customers', { multipart: { email: contact.email, phone: contact.phone, firstname: contact.first, lastname: contact.last } });
  expect((await created.json()).status).toBe('success');
  await signInByLink(api, contact.email, 'customer');
  return contact;
}

test('a new email with a phone already on file: the code goes to that phone, and the booking goes on signed in', async ({ page, playwright, baseURL }) => {
  const owner = await provenCustomer(await playwright.request.newContext({ baseURL }));
  await chooseAndList(page, { course: 'PHYS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await bookFirst(page);
  const before = await newestOutboxId(page.request);
  await fillContact(page, { ...freshContact(), phone: `(${owner.phone.slice(0, 3)}) ${owner.phone.slice(3, 6)}-${owner.phone.slice(6)}` });
  await page.getByRole('button', { name: 'Pay' }).click();

  const dialog = page.getByRole('dialog', { name: 'This phone number has an account' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`The phone number (${owner.phone.slice(0, 3)}) ${owner.phone.slice(3, 6)}-${owner.phone.slice(6)} belongs to an existing account`);
  await expect(dialog.getByRole('button', { name: 'Log in by email' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Text me the code' }).click();

  const entry = page.getByRole('dialog', { name: 'We texted you a login code' });
  await expect(entry).toContainText(`ending in ${owner.phone.slice(-4)}`);
  const code = (await latestMessage(page.request, owner.phone, 'sms', before)).text.match(/\d{7}/)![0];
  await entry.getByLabel('Your 7-digit code').fill(code);
  await entry.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(`Booking as ${owner.first} ${owner.last}`)).toBeVisible();
});

test("'Please log-in to continue' emails the login link it speaks of, and the link signs in", async ({ page, playwright, baseURL }) => {
  const owner = await provenCustomer(await playwright.request.newContext({ baseURL }));
  // A code texted a moment ago (from elsewhere): the dialog's own request is too soon.
  expect((await page.request.post('/api/verification', { form: { email: owner.email } })).status()).toBe(201);

  await chooseAndList(page, { course: 'PHYS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await bookFirst(page);
  await fillContact(page, owner);
  await page.getByRole('button', { name: 'Pay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please log-in to continue' });
  await expect(dialog).toContainText('We could not text you a login code because we just sent you one.');
  await expectAccessible(page);

  const before = await newestOutboxId(page.request);
  await dialog.getByRole('button', { name: 'Email me a login link' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your inbox' })).toContainText(`We emailed a login link to ${owner.email}`);
  const email = await latestMessage(page.request, owner.email, 'email', before);
  expect(email.link).toMatch(/\/login\?token=/);
  await page.goto(email.link!);
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});

test('a used or malformed login link says which, under the spec text, and leads home or to a new link', async ({ page, request }) => {
  const before = await newestOutboxId(request);
  expect((await (await request.post('/api/login?user_type=customer&email=alex@example.com')).json()).status).toBe('success');
  const link = (await latestMessage(request, 'alex@example.com', 'email', before)).link!;
  expect((await (await request.get(`/api/login?token=${new URL(link).searchParams.get('token')}`)).json()).status).toBe('success');

  await page.goto(link);
  const failed = page.getByRole('dialog', { name: "We couldn't log you in" });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Logging You In' })).toHaveCount(0);
  const alert = failed.getByRole('alert');
  await expect(alert.locator('p').first()).toHaveText('Your token has expired');
  await expect(alert).toContainText('This link was used already: each link logs you in once.');
  await expect(failed.getByRole('button', { name: 'Resend Link' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/login?token=${new URL(link).searchParams.get('token')!.slice(0, 20)}`);
  await expect(failed.getByRole('alert')).toContainText('This link is incomplete or is not one we sent.');
  await failed.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an expired login link says it is more than 15 minutes old', async ({ page, request }) => {
  const before = await newestOutboxId(request);
  expect((await (await request.post('/api/login?user_type=customer&email=alex@example.com')).json()).status).toBe('success');
  const link = (await latestMessage(request, 'alex@example.com', 'email', before)).link!;
  // The server's clock (the demo's test clock), never the browser's.
  expect((await request.post('/dev/clock', { data: { advance_hours: 0.3 } })).ok()).toBe(true);
  try {
    await page.goto(link);
    const failed = page.getByRole('dialog', { name: "We couldn't log you in" });
    await expect(failed.getByRole('alert')).toContainText('Your token has expired');
    await expect(failed.getByRole('alert')).toContainText('This link is more than 15 minutes old.');
  } finally {
    await request.post('/dev/clock', { data: { reset: true } });
  }
});

test('under 12 hours before the start, Skip Meeting shows closed with the reason and the number to call, and the server refuses it too', async ({ page, playwright, baseURL }) => {
  // A one-off hour of the supervisor's, 6 to 10 hours from now (the first free one), booked by a new student.
  const tutor = await playwright.request.newContext({ baseURL });
  await signInByLink(tutor, 'maya@beacontutoring.com', 'tutor');
  const hour = 3600;
  const base = Math.ceil((await serverNow(tutor)) / 1000 / 900) * 900;
  let meetingId: number | undefined;
  for (let start = base + 6 * hour; start <= base + 10 * hour && meetingId === undefined; start += hour) {
    const made = await (await tutor.post('/api/meetings', { multipart: { occurrence_epoch: start, tutor: 'myself' } })).json();
    if (made.status === 'success') meetingId = made.data.id;
  }
  expect(meetingId).toBeDefined();

  const student = freshContact();
  expect((await (await page.request.post('/api/customers', { multipart: { email: student.email, phone: student.phone, firstname: student.first, lastname: student.last } })).json()).status).toBe('success');
  const courses = (await (await page.request.get('/api/courses')).json()).data as { id: number; course_number: string }[];
  const course = courses.find((c) => c.course_number === 'CS 311')!.id;
  const meetings = (await (await page.request.get(`/api/meetings?course=${course}&capacity=1&course_style=online`)).json()).data as { id: number; offering: { id: number } }[];
  const soon = meetings.find((m) => String(m.id) === String(meetingId))!;
  expect(soon).toBeDefined();
  const intent = (await (await page.request.post('/api/payments', { multipart: { meeting: soon.id, offering: soon.offering.id, capacity: 1, course_style: 'online' } })).json()).data;
  const paid = await page.request.post('/api/offline-payments/confirm', { multipart: { client_secret: intent.client_secret, card_number: '4242424242424242' } });
  expect((await paid.json()).data.status).toBe('succeeded');

  await page.goto('/student/dashboard');
  const card = page.locator('article').filter({ hasText: 'Data Structures' });
  await expect(card).toHaveCount(1);
  const skip = card.getByRole('button', { name: 'Skip Meeting' });
  await expect(skip).toHaveAttribute('aria-disabled', 'true');
  await expect(skip).toHaveAccessibleDescription('Skipping closes 12 hours before the start; call or text (206) 555-0142');
  await expect(card.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
  // Still reachable by keyboard (its reason is read with it), but pressing it opens nothing.
  await skip.focus();
  await page.keyboard.press('Enter');
  await skip.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);

  // The rule is the server's: asked anyway, it refuses.
  const payment = ((await (await page.request.get('/api/customers/myself/payments')).json()).data as { id: number; meeting: { id: number } }[]).find(
    (p) => String(p.meeting.id) === String(meetingId),
  )!;
  const refused = await page.request.post(`/api/payments/${payment.id}/skip`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.type).toBe('TooLate');
});
