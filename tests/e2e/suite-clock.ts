import { type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, test as base, expect } from '@playwright/test';
import { suiteDate } from '../suite-date.ts';
import { e2eBaseURL } from './server-env.ts';

/**
 * The journeys' clock. Their server starts at the suite's instant (TEST_DATE, tests/suite-date.ts;
 * DEMO_CLOCK_START, server-env.ts) and seeds the demo around it; every browser context's clock is
 * installed at the server's time when the context opens (Playwright's clock) and runs on from
 * there. So a journey sees the same day on any day at any hour, and the browser and the server
 * agree on it. A server rule is never tested by moving the browser's clock: the journeys that need
 * another time move the server's (POST /dev/clock).
 */

/** The instant the journeys' server started at: the days a journey works with count from it. */
export const suiteStart = (): Date => suiteDate();

/** The server's clock now, in ms (GET /dev/clock, demo mode). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/dev/clock');
  expect(answer.ok(), 'GET /dev/clock').toBe(true);
  return ((await answer.json()) as { now: number }).now;
}

/** Installs the server's time as the context's clock, before any page of it loads. */
async function installServerClock(context: BrowserContext): Promise<void> {
  const answer = await context.request.get(`${e2eBaseURL()}/dev/clock`);
  expect(answer.ok(), 'GET /dev/clock').toBe(true);
  await context.clock.install({ time: ((await answer.json()) as { now: number }).now });
}

/** A browser context of its own (another person, another zone), on the server's clock as the default one is. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: e2eBaseURL(), ...options });
  await installServerClock(context);
  return context;
}

/** The journeys' `test`: its `context` (and so its `page`) runs on the server's clock. */
export const test = base.extend({
  context: async ({ context }, provide) => {
    await installServerClock(context);
    await provide(context);
  },
});

/** Playwright's own `test`, on the real clock: only for a production server (the deploy rehearsal, tests/deploy), which has no demo clock. */
export { expect, base as realClockTest };
