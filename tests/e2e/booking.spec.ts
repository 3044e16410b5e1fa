import { expect, test } from './csp.ts';
import { expectAccessible } from './axe.ts';
import { bookFirst, chooseAndList, fillContact, leaveBookedScreen } from './booking-steps.ts';
import { latestMessage, newestOutboxId } from './outbox.ts';

test('a visitor books a one-time one-on-one session with the test card and lands on the gradebook', async ({ page }) => {
  const stripeLoads: string[] = [];
  page.on('request', (r) => {
    if (/StepFinalize|stripe/i.test(r.url())) stripeLoads.push(r.url());
  });
  await chooseAndList(page, { course: 'CS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  expect(stripeLoads).toEqual([]);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: /^Meet a/ })).toBeVisible();
  await page.getByRole('button', { name: 'Select Tutor, Time and Location' }).click();
  await bookFirst(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  await fillContact(page, { first: 'Nia', last: 'Park', email: 'nia.park@example.com', phone: '206-555-01' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid phone number');
  await page.getByLabel('Phone').fill('(206) 555-0177');
  await page.getByLabel('Email').fill('nia.park@ex');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email address');
  await page.getByLabel('Email').fill('Nia.Park@Example.com');
  await expect(page.getByText(/Demo payments/)).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard\/grades\/\d+$/);
});

test('a declined card shows the message; a retry with a good card pays the same intent', async ({ page }) => {
  await chooseAndList(page, { school: 'High School', course: 'APCS A', size: 'One-on-one', frequency: 'One Time', place: /Library/ });
  await expect(page.getByText('APCS A', { exact: true })).toBeVisible();
  await bookFirst(page);
  await fillContact(page, { first: 'Omar', last: 'Haddad', email: 'omar.h@example.com', phone: '2065550178' });
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expectAccessible(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard/);

  // On the server: one payment, succeeded (the retry confirmed the first intent).
  const payments = await (await page.request.get('/api/customers/myself/payments')).json();
  expect(payments.data).toHaveLength(1);
  expect(payments.data[0]).toMatchObject({ payment_status: 'succeeded', is_incremental: false });
});

test('a signed-in customer with a card on file books a weekly group-of-two slot without a card field', async ({ page, request }) => {
  const before = await newestOutboxId(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email Address').fill('alex@example.com');
  await page.getByRole('button', { name: 'Send Link' }).click();
  const email = await latestMessage(request, 'alex@example.com', 'email', before);
  await page.goto(email.link!);
  await expect(page).toHaveURL(/\/student\/dashboard$/);

  await chooseAndList(page, { course: 'MATH 125', size: 'Group-of-Two', frequency: 'Weekly', place: 'On-Campus' });
  await expect(page.getByText(/^Starts /).first()).toBeVisible();
  await bookFirst(page);
  await expect(page.getByText('Booking as Alex Rivera')).toBeVisible();
  await expect(page.getByText(/paying with your Visa ending in 4242/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard\/grades\/\d+$/);
  const payments = (await (await page.request.get('/api/customers/myself/payments')).json()).data as { payment_status: string; subscription: unknown; meeting: { offering: { course: { course_number: string } } } }[];
  const weekly = payments.filter((p) => p.meeting.offering.course.course_number === 'MATH 125');
  expect(weekly.filter((p) => p.payment_status === 'succeeded')).toHaveLength(1);
  expect(weekly.filter((p) => p.payment_status === 'subscription_pending').length).toBeGreaterThan(3);
});

test('an existing customer at the contact form logs in with a texted code and books', async ({ page, request }) => {
  await chooseAndList(page, { course: 'PHYS 121', size: 'One-on-one', frequency: 'One Time', place: 'Online' });
  await bookFirst(page);
  const before = await newestOutboxId(request);
  await fillContact(page, { first: 'Alex', last: 'Rivera', email: 'alex@example.com', phone: '2065550199' });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('You have an account with us already, please log in and retry');
  const dialog = page.getByRole('dialog', { name: 'We texted you a login code' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('ending in 0199');
  await expectAccessible(page);
  const sms = await latestMessage(request, '2065550199', 'sms', before);
  const code = sms.text.match(/\d{7}/)![0];
  await dialog.getByLabel('Your 7-digit code').fill(code);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Booking as Alex Rivera')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard/);
});
