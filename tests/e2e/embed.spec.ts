import type { APIRequestContext, Page } from '@playwright/test';
import { test as plainTest } from './suite-clock.ts';
import { partnerPageHtml, startPartnerServer } from '../../scripts/bench/partner-page.ts';
import { chromiumLaunch } from './browser.ts';
import { expect, test } from './csp.ts';
import { latestMessage, newestOutboxId } from './outbox.ts';

/**
 * The booking widget on a partner's page (issue 26), in a Chromium that blocks third-party
 * cookies. The partner's page is served from 127.0.0.1, another site than ours (localhost), so the
 * frame is third-party: its session lives in its partitioned cookie or nowhere.
 */
const launchOptions = { ...chromiumLaunch, args: [...chromiumLaunch.args, '--test-third-party-cookie-phaseout'] };
test.use({ launchOptions });
plainTest.use({ launchOptions });

const SUPERVISOR = 'maya@beacontutoring.com';
const FRAME = 'iframe[title="Book a tutoring session"]';

let partner: Awaited<ReturnType<typeof startPartnerServer>>;
let stranger: Awaited<ReturnType<typeof startPartnerServer>>;

async function signInByLink(api: APIRequestContext, email: string, userType: 'customer' | 'tutor') {
  const before = await newestOutboxId(api);
  expect((await (await api.post(`/api/login?user_type=${userType}&email=${encodeURIComponent(email)}`)).json()).status).toBe('success');
  const link = (await latestMessage(api, email, 'email', before)).link!;
  expect((await (await api.get(`/api/login?token=${new URL(link).searchParams.get('token')}`)).json()).status).toBe('success');
}

let serial = 0;
function freshContact() {
  serial += 1;
  const digits = `${Date.now() % 100_000}${serial}`.padStart(6, '0').slice(-6);
  return { first: 'Lee', last: 'Okafor', email: `lee${digits}@example.com`, phone: `2065${digits}` };
}

plainTest.beforeAll(async ({ playwright, baseURL }) => {
  const pages = (widget: 'inline' | 'popup') => partnerPageHtml(baseURL!, widget, { course: 'CS 121', accent: '#0b7a4b', font: 'inherit' });
  // Two widgets on one page: the second's snippet without its script tag, as a partner would paste it twice.
  const two = pages('inline').replace('<p id="after-widget">', `<div data-booking-widget data-school="highschool" style="min-height:960px"></div>\n<p id="after-widget">`);
  partner = await startPartnerServer('127.0.0.1', { '/inline': pages('inline'), '/popup': pages('popup'), '/two': two });
  stranger = await startPartnerServer('127.0.0.1', { '/inline': pages('inline') });
  // The supervisor lists the partner's site (and only it) as allowed to embed.
  const api = await playwright.request.newContext({ baseURL });
  await signInByLink(api, SUPERVISOR, 'tutor');
  const saved = await api.put('/api/embed/origins', { data: { origins: [partner.origin] } });
  expect((await saved.json()).data.origins).toEqual([partner.origin]);
  await api.dispose();
});

plainTest.afterAll(async () => {
  partner?.server.close();
  stranger?.server.close();
});

/** The widget's frame as a Playwright Frame, to run code in it. */
async function frameOf(page: Page) {
  const frame = await (await page.locator(FRAME).elementHandle())?.contentFrame();
  if (!frame) throw new Error('no widget frame');
  return frame;
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { widgetEvents: { name: string; target: string; widget: number; detail: Record<string, unknown> }[] }).widgetEvents);

/** Fills the contact form and pays with the demo's test card, inside the frame. */
async function payAsNewCustomer(frame: ReturnType<Page['frameLocator']>) {
  const contact = freshContact();
  await frame.getByLabel('First name').fill(contact.first);
  await frame.getByLabel('Last name').fill(contact.last);
  await frame.getByLabel('Email').fill(contact.email);
  await frame.getByLabel('Phone').fill(contact.phone);
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(frame.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  return contact;
}

/** Step 1 with the course the partner chose already there, then step 2 and the first appointment. */
/**
 * Waits until the frame's booking flow is live: its first step is in the page's HTML (drawn at
 * build time), so the radios are on screen before the script that keeps their choice has run, and
 * a choice made then is lost. Astro drops `ssr` from an island once it has hydrated.
 */
async function frameLive(frame: ReturnType<Page['frameLocator']>) {
  await expect(frame.locator('astro-island').first()).not.toHaveAttribute('ssr', { timeout: 15_000 });
}

async function chooseAndBookFirst(frame: ReturnType<Page['frameLocator']>) {
  await expect(frame.getByRole('heading', { name: /^Meet a .* Tutor$/ })).toBeVisible();
  await frameLive(frame);
  await expect(frame.getByText('CS 121 (', { exact: false })).toBeVisible();
  await frame.getByRole('radio', { name: /^One-on-one/ }).check();
  await frame.getByRole('radio', { name: /^One Time/ }).check();
  await frame.getByRole('radio', { name: 'Online' }).check();
  await frame.getByRole('button', { name: 'Select Tutor, Time and Location' }).click();
  await frame.getByRole('button', { name: /^Book / }).first().click();
  await expect(frame.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
}

test('the inline widget books and pays on a partner page, sized to its content, with events and no third-party cookies', async ({ page }) => {
  await page.goto(`${partner.origin}/inline`);
  const element = page.locator('[data-booking-widget]');
  const frameElement = page.locator(FRAME);
  const frame = page.frameLocator(FRAME);
  await expect(frame.getByRole('heading', { name: /^Meet a .* Tutor$/ })).toBeVisible();

  // The browser blocks third-party cookies here: an unpartitioned one set in the frame is refused.
  const probe = await (await frameOf(page)).evaluate(() => {
    document.cookie = 'probe=1; SameSite=None; Secure; Path=/';
    document.cookie = 'probe_partitioned=1; SameSite=None; Secure; Path=/; Partitioned';
    return document.cookie;
  });
  expect(probe).not.toContain('probe=1');
  expect(probe).toContain('probe_partitioned=1');

  // The partner's options: the accent, the host page's font.
  const look = await (await frameOf(page)).evaluate(() => ({ brand: getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(), font: getComputedStyle(document.body).fontFamily }));
  expect(look).toEqual({ brand: '#0b7a4b', font: 'Georgia, serif' });

  await chooseAndBookFirst(frame);
  // Sized to its content: the frame is as tall as its page, which has nothing to scroll.
  await expect.poll(async () => {
    const inner = await (await frameOf(page)).evaluate(() => ({ body: Math.ceil(document.body.getBoundingClientRect().height), scroll: document.documentElement.scrollHeight, view: innerHeight }));
    const outer = await frameElement.evaluate((el) => el.getBoundingClientRect().height);
    return Math.abs(outer - inner.body) <= 1 && inner.scroll <= inner.view;
  }).toBe(true);

  await payAsNewCustomer(frame);
  const open = frame.getByRole('link', { name: 'Open your classes' });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('href', '/student/dashboard');

  const seen = await events(page);
  expect(seen.filter((e) => e.name === 'booking:step').map((e) => e.detail.step)).toEqual(['select', 'list', 'finalize', 'paid']);
  const booked = seen.filter((e) => e.name === 'booking:booked');
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatchObject({ target: 'DIV', detail: { course: 'CS 121', frequency: 'onetime' } });
  expect(Object.keys(booked[0]!.detail).sort()).toEqual(['course', 'frequency', 'start']);
  expect(typeof booked[0]!.detail.start).toBe('number');
  await expect(element).toBeVisible();
});

test('the pop-up widget opens by keyboard, signs an existing customer in by a texted code inside the frame, and books', async ({ page, playwright, baseURL }) => {
  // An existing customer whose email and phone are proven (its link used where it filled the form).
  const api = await playwright.request.newContext({ baseURL });
  const owner = freshContact();
  expect((await (await api.post('/api/customers', { multipart: { email: owner.email, phone: owner.phone, firstname: owner.first, lastname: owner.last } })).json()).status).toBe('success');
  await signInByLink(api, owner.email, 'customer');
  await api.dispose();

  await page.goto(`${partner.origin}/popup`);
  const button = page.getByRole('button', { name: 'Book a session' });
  // Nothing of the widget loads before the button is pressed.
  await expect(page.locator(FRAME)).toHaveCount(0);
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book a tutoring session' });
  await expect(dialog).toBeVisible();
  const frame = page.frameLocator(FRAME);
  await chooseAndBookFirst(frame);

  const before = await newestOutboxId(page.request);
  await frame.getByLabel('First name').fill(owner.first);
  await frame.getByLabel('Last name').fill(owner.last);
  await frame.getByLabel('Email').fill(owner.email);
  await frame.getByLabel('Phone').fill(owner.phone);
  await frame.getByRole('button', { name: 'Pay' }).click();
  const entry = frame.getByRole('dialog', { name: 'We texted you a login code' });
  await expect(entry).toBeVisible();
  const code = (await latestMessage(page.request, owner.phone, 'sms', before)).text.match(/\d{7}/)![0];
  await entry.getByLabel('Your 7-digit code').fill(code);
  await entry.getByRole('button', { name: 'Login' }).click();
  await expect(frame.getByText(`Booking as ${owner.first} ${owner.last}`)).toBeVisible();
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
  await frame.getByRole('button', { name: 'Pay' }).click();
  await expect(frame.getByRole('heading', { name: "You're booked!" })).toBeVisible();

  const seen = await events(page);
  expect(seen.find((e) => e.name === 'booking:error')).toMatchObject({ target: 'BUTTON', detail: { error: 'AlreadyExists' } });
  expect(seen.filter((e) => e.name === 'booking:booked')).toHaveLength(1);

  // Escape in the frame closes the dialog, and focus is back on the button.
  await frame.getByRole('heading', { name: "You're booked!" }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("the pop-up's frame stays where it is while its steps change its height, so nothing moves from under the pointer", async ({ page }) => {
  // Tall enough that the dialog is shorter than the window at step 1 and taller at step 2: a
  // dialog centred in the window moved its frame (and the Book buttons in it) with each height
  // the frame reported, and a click aimed before the move landed elsewhere.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.goto(`${partner.origin}/popup`);
  await page.getByRole('button', { name: 'Book a session' }).click();
  const frame = page.frameLocator(FRAME);
  const frameElement = page.locator(FRAME);
  await expect(frame.getByRole('heading', { name: /^Meet a .* Tutor$/ })).toBeVisible();
  await frameLive(frame);
  // The frame has taken step 1's own height (from the 960 px reserved before it loads).
  await expect.poll(async () => (await frameElement.boundingBox())!.height).not.toBe(960);
  const top = (await frameElement.boundingBox())!.y;
  const stepOneHeight = (await frameElement.boundingBox())!.height;

  await frame.getByRole('radio', { name: /^One-on-one/ }).check();
  await frame.getByRole('radio', { name: /^One Time/ }).check();
  await frame.getByRole('radio', { name: 'Online' }).check();
  await frame.getByRole('button', { name: 'Select Tutor, Time and Location' }).click();
  await expect(frame.getByRole('button', { name: /^Book / }).first()).toBeVisible();
  await expect.poll(async () => (await frameElement.boundingBox())!.height).not.toBe(stepOneHeight);
  expect((await frameElement.boundingBox())!.y).toBe(top);
  // Held at the window's top edge (0.5rem), whatever its height.
  expect((await page.getByRole('dialog', { name: 'Book a tutoring session' }).boundingBox())!.y).toBe(8);
});

test('two widgets on one page each get their frame, with their own options, when they come near the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(`${partner.origin}/two`);
  const frames = page.locator(FRAME);
  // The second widget is more than a screen below: only the first has its frame yet.
  await expect(frames).toHaveCount(1);
  await expect(page.frameLocator(FRAME).first().getByText('CS 121 (', { exact: false })).toBeVisible();
  await page.locator('[data-booking-widget]').nth(1).scrollIntoViewIfNeeded();
  await expect(frames).toHaveCount(2);
  const second = page.frameLocator(FRAME).nth(1);
  await expect(second.getByRole('radio', { name: 'High School' })).toBeChecked();
  await second.getByRole('radio', { name: /^One-on-one/ }).check();
  // Each widget's events reach its own element.
  await expect.poll(async () => (await events(page)).filter((e) => e.name === 'booking:step').map((e) => e.widget).sort()).toEqual([0, 1]);
});

plainTest('a site that is not on the list gets a refused frame', async ({ page }) => {
  const answer = page.waitForResponse((response) => response.url().includes('/embed/booking'));
  await page.goto(`${stranger.origin}/inline`);
  const policy = (await answer).headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`frame-ancestors 'self' ${partner.origin}`);
  expect(policy).not.toContain(stranger.origin);
  // Chromium replaces a refused frame's page with its error page: the flow never runs there.
  await expect.poll(() => page.frames().map((frame) => frame.url())).toContain('chrome-error://chromewebdata/');
  await expect(page.frameLocator(FRAME).getByRole('heading', { name: /^Meet a/ })).toHaveCount(0);
});
