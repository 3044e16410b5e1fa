import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Rules every screen must pass whatever axe rates their impact: `heading-order` is only 'moderate',
 * but a heading level that jumps (an h1 followed by an h3) breaks navigation by headings.
 */
export const requiredRules = ['heading-order'] as const;

/**
 * Fails the test when axe finds a serious or critical accessibility violation on the page, or a
 * violation of one of `requiredRules`.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // The page at rest: a button fading back from its busy state (a 0.15 s opacity transition) has
  // its final colours only once the transition ends, and axe measures contrast on what it sees.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || (requiredRules as readonly string[]).includes(v.id))
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}
