import { TZDate } from '@date-fns/tz';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, newContext, suiteStart, test } from './suite-clock.ts';
import { chooseAndList, fillContact, leaveBookedScreen } from './booking-steps.ts';
import { signInThroughOutbox } from './outbox.ts';

/**
 * The same in-person session seen from three zones: a visitor in UTC books it (step 2's card and
 * step 3's summary), then sees it in Upcoming Sessions, and again from Seattle (the campus zone);
 * the tutor sees it from New York. Each browser shows the time in its own zone with the zone's
 * abbreviation, and the campus time only where the clock reads otherwise.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const CAMPUS = 'America/Los_Angeles';
const today = new TZDate(suiteStart().getTime(), CAMPUS);
/** 8:45–9:45 PM on campus, six days from now: a free hour of Jordan's, and the next day in UTC. */
const start = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 6, 20, 45, CAMPUS);
const epoch = start.getTime() / 1000;

const show = (timeZone: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(start).replace(/\s/g, ' ');
const zoneOf = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(start).find((p) => p.type === 'timeZoneName')!.value;
/** 'PST' or 'PDT', 'EST' or 'EDT': whichever the session's date falls in. */
const campusZone = zoneOf(CAMPUS);
const newYorkZone = zoneOf('America/New_York');
const utcHour = start.getUTCHours();

const campusText = `8:45–9:45 PM ${campusZone}`;
const utcText = `${utcHour}:45–${utcHour + 1}:45 AM UTC`;
// The campus note names the weekday: it is already the next day in UTC.
const campusNoteFromUtc = `(${show(CAMPUS, { weekday: 'short' })} ${campusText} on campus)`;
const newYorkText = `11:45 PM–12:45 AM ${newYorkZone}`;
const longDate = (timeZone: string) => show(timeZone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

async function zonedPage(browser: Browser, timezoneId: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await newContext(browser, { timezoneId, locale: 'en-US', storageState });
  return { context, page: await context.newPage() };
}

test('the tutor in New York publishes an evening hour: shown in New York time only, and the Add availability field names its zone', async ({ browser }) => {
  const { context, page } = await zonedPage(browser, 'America/New_York');
  await signInThroughOutbox(page, 'jordan@beacontutoring.com', 'tutor');
  const made = await page.request.post('/api/meetings', { multipart: { occurrence_epoch: epoch, tutor: 'myself' } });
  expect((await made.json()).status).toBe('success');
  // Before a booking the hour has no place yet: only the tutor's own clock.
  await page.reload();
  await page.getByRole('link', { name: 'Availability' }).click();
  const hour = page.locator('article').filter({ hasText: newYorkText });
  await expect(hour).toHaveCount(1);
  await expect(hour).not.toContainText('on campus');
  // Adding availability names the zone the field reads.
  await page.getByRole('button', { name: 'Add availability' }).click();
  await expect(page.getByRole('dialog', { name: 'Add availability' }).getByText(/at this time \(E[SD]T\)/)).toBeVisible();
  await context.close();
});

test('a visitor in UTC books the hour on campus: the cards, the summary and Upcoming Sessions show UTC and the campus time', async ({ browser }) => {
  const { context, page } = await zonedPage(browser, 'UTC');
  await chooseAndList(page, { course: 'CS 121', size: 'One-on-one', frequency: 'One Time', place: 'On-Campus' });
  const card = page.getByRole('listitem').filter({ hasText: utcText });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${show('UTC', { weekday: 'long' })} ${utcText} ${campusNoteFromUtc}`);
  await card.getByRole('button', { name: `Book Jordan Alvarez, ${show('UTC', { weekday: 'long' })} ${utcText}` }).click();
  await expect(page.getByRole('heading', { name: 'Finalize Booking' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Appointment' });
  await expect(summary).toContainText(`${utcText} ${campusNoteFromUtc}`);

  await fillContact(page, { first: 'Zoe', last: 'Lind', email: 'zoe.lind@example.com', phone: '2065550163' });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await leaveBookedScreen(page);
  await expect(page).toHaveURL(/\/student\/dashboard/);

  await page.goto('/student/dashboard');
  const session = page.getByRole('article', { name: `Intro to Programming I, ${longDate('UTC')}` });
  await expect(session).toContainText(utcText);
  await expect(session).toContainText(campusNoteFromUtc);

  // The same account in a browser on campus time: one clock, no campus note.
  const onCampus = await zonedPage(browser, CAMPUS, await context.storageState());
  await onCampus.page.goto('/student/dashboard');
  const same = onCampus.page.getByRole('article', { name: `Intro to Programming I, ${longDate(CAMPUS)}` });
  await expect(same).toContainText(campusText);
  await expect(same).not.toContainText('on campus');
  await onCampus.context.close();
  await context.close();
});

test('the tutor in New York sees the booked session in New York time with the campus time', async ({ browser }) => {
  const { context, page } = await zonedPage(browser, 'America/New_York');
  await signInThroughOutbox(page, 'jordan@beacontutoring.com', 'tutor');
  const booked = page.locator('article').filter({ hasText: 'Zoe Lind' });
  await expect(booked).toContainText(newYorkText);
  await expect(booked).toContainText(`(${campusText} on campus)`);
  await expect(booked).toContainText(longDate('America/New_York'));
  await context.close();
});
