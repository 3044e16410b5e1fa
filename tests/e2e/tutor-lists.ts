import { expect, type Page } from '@playwright/test';

/**
 * Shows the whole of a tutor's list, as a tutor would: its later weeks (the list reads eight at a
 * time) and the cards past the first hundred.
 */
export async function showWholeList(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: /^(Show later weeks|Show more)/ });
  for (let i = 0; i < 20 && (await more.count()) > 0; i++) {
    await more.first().click();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
  await expect(more).toHaveCount(0);
}
