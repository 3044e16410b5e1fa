import { TZDate } from '@date-fns/tz';
import { CAMPUS_ZONE } from './campus-time.ts';
import { expect, newContext, serverNow, suiteStart, test } from './suite-clock.ts';

/**
 * The journeys' clock itself: the server started at the suite's instant (TEST_DATE), not at the
 * machine's time, and every browser context reads the server's time and runs on from it.
 */
test('the server and the browser run on the suite\'s clock, from its instant onwards', async ({ page, browser }) => {
  const server = await serverNow(page.request);
  // Started at the suite's instant: a journey lasts minutes, a run of them well under an hour.
  expect(server).toBeGreaterThanOrEqual(suiteStart().getTime());
  expect(server - suiteStart().getTime()).toBeLessThan(3600_000);

  await page.goto('/terms');
  const first = await page.evaluate(() => Date.now());
  expect(Math.abs(first - server)).toBeLessThan(15_000);
  // The browser's clock runs forward on its own, as a real one does.
  await expect.poll(() => page.evaluate(() => Date.now()), { timeout: 5_000 }).toBeGreaterThan(first + 1_000);

  // A context of a journey's own, in another zone: the same instant, its own wall clock.
  const other = await newContext(browser, { timezoneId: 'Asia/Tokyo' });
  const otherPage = await other.newPage();
  await otherPage.goto('/terms');
  const there = await otherPage.evaluate(() => ({ now: Date.now(), day: new Date().getDate() }));
  expect(Math.abs(there.now - (await serverNow(page.request)))).toBeLessThan(15_000);
  expect(there.day).toBe(new TZDate(there.now, 'Asia/Tokyo').getDate());
  await other.close();

  // The campus day the journeys count from is the suite's, whatever the machine's date.
  const campusToday = new TZDate(suiteStart().getTime(), CAMPUS_ZONE).getDate();
  expect(await page.evaluate((zone) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, day: 'numeric' }).format(new Date())), CAMPUS_ZONE)).toBe(campusToday);
});
