import type { Page } from '@playwright/test';
import { expect, realClockTest, test as journeyTest } from './suite-clock.ts';

/**
 * Fails any journey during which the page's Content-Security-Policy blocked something: a new inline
 * script or an unlisted origin would break the site for real users while every assertion on the
 * page still passed. Violations are caught twice over, from the `securitypolicyviolation` event
 * (every frame of the page) and from Chromium's console report.
 */
async function watchCsp({ page }: { page: Page }, provide: (violations: string[]) => Promise<void>) {
  const violations: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await provide(violations);
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
}

/** The journeys' `test` (on the suite's clock) with the policy watched. */
export const test = journeyTest.extend<{ cspViolations: string[] }>({ cspViolations: [watchCsp, { auto: true }] });

/** The same on the real clock: the deploy rehearsal's production server has no demo clock to set. */
export const deployTest = realClockTest.extend<{ cspViolations: string[] }>({ cspViolations: [watchCsp, { auto: true }] });

export { expect };
