import { expect, test as base } from './suite-clock.ts';

/**
 * The journeys' `test`, failing any journey during which the page's Content-Security-Policy
 * blocked something: a new inline script or an unlisted origin would break the site for real users
 * while every assertion on the page still passed. Violations are caught twice over, from the
 * `securitypolicyviolation` event (every frame of the page) and from Chromium's console report.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
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
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
