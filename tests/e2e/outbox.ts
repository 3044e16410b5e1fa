import { type APIRequestContext, type Cookie, expect, type Page } from '@playwright/test';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  link: string | null;
  html?: string | null;
  ics?: string | null;
  created_at: number;
}

/**
 * The newest message to this address whose subject or text matches `what` (by default a login link
 * or code: other journeys' bookings send the same people confirmations, receipts and reminders),
 * once it has arrived (the demo outbox, newest first).
 */
export async function latestMessage(request: APIRequestContext, to: string, channel: 'email' | 'sms', after = 0, what: RegExp = /login (link|code)/i): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
      found = messages.find((m) => m.to === to && m.channel === channel && m.id > after && what.test(`${m.subject}\n${m.text}`));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export async function newestOutboxId(request: APIRequestContext): Promise<number> {
  const messages = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
  return messages[0]?.id ?? 0;
}

/** Opens the home page's Login dialog and asks for a link to this address. */
export async function requestLinkFromHome(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get a magic log-in link' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your inbox' })).toBeVisible();
}

/**
 * Sessions the journeys already opened, by account: the server lets an address ask for five links
 * in 15 minutes, and a whole run signs the demo accounts in more often than that. A session that
 * ended (a journey logged out) is opened again by a link.
 */
const openSessions = new Map<string, Cookie[]>();

/** Signs the page's browser in as this account by the emailed link (once a run), and opens its dashboard. */
export async function signInThroughOutbox(page: Page, email: string, userType: 'customer' | 'tutor' = 'customer'): Promise<void> {
  const key = `${userType} ${email}`;
  const saved = openSessions.get(key);
  if (saved) {
    await page.context().addCookies(saved);
    if ((await page.request.get('/api/checkauth')).ok()) {
      await page.goto(userType === 'customer' ? '/student/dashboard' : '/tutors/myself/dashboard');
      return;
    }
  }
  // Off any dashboard first: one whose session just ended (a journey moved the server's clock past
  // its idle time) sends itself home to sign in, and that navigation could land after the link's.
  await page.goto('about:blank');
  const before = await newestOutboxId(page.request);
  const sent = await page.request.post(`/api/login?user_type=${userType}&email=${encodeURIComponent(email)}`);
  expect((await sent.json()).status).toBe('success');
  const message = await latestMessage(page.request, email, 'email', before);
  await page.goto(message.link!);
  // In a browser signed in to another account the link asks first (sign-in-switch.spec.ts): the
  // journey continues as this account, as its person would.
  const dashboard = userType === 'customer' ? /\/student\/dashboard/ : /\/tutors\/myself\/dashboard/;
  const switchAccount = page.getByRole('button', { name: /^Continue as / });
  await expect(async () => {
    if (await switchAccount.isVisible()) await switchAccount.click();
    await expect(page).toHaveURL(dashboard, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  openSessions.set(key, (await page.context().cookies()).filter((cookie) => cookie.name.endsWith('sid')));
}

/**
 * A new customer with one paid one-time session (and so a fresh gradebook for its course), made
 * through the API as the booking flow would; the page's browser is signed in as them.
 */
export async function newCustomerWithGradebook(page: Page, course: string, phone: string): Promise<string> {
  const email = `student${phone}@example.com`;
  const created = await page.request.post('/api/customers', { multipart: { email, phone, firstname: 'Sam', lastname: 'Lee' } });
  expect((await created.json()).status).toBe('success');
  const courses = (await (await page.request.get('/api/courses')).json()).data as { id: number; course_number: string }[];
  const courseId = courses.find((c) => c.course_number === course)!.id;
  const meetings = (await (await page.request.get(`/api/meetings?course=${courseId}&capacity=1&course_style=online`)).json()).data;
  const intent = (await (await page.request.post('/api/payments', { multipart: { meeting: meetings[0].id, offering: meetings[0].offering.id, capacity: 1, course_style: 'online' } })).json()).data;
  const paid = await page.request.post('/api/offline-payments/confirm', { multipart: { client_secret: intent.client_secret, card_number: '4242424242424242' } });
  expect((await paid.json()).data.status).toBe('succeeded');
  const gradebooks = (await (await page.request.get('/api/customers/myself/gradebooks')).json()).data as { id: number }[];
  return String(gradebooks[0]!.id);
}
