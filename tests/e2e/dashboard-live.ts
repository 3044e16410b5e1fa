import type { Page } from '@playwright/test';

/**
 * Waits until the browser has taken over the dashboard's page: the server writes its first screen
 * (decision 012), so its buttons are on screen before the script that makes them work has run, and
 * a click then does nothing. React marks the container once `hydrateRoot` has attached its event
 * listeners; from then on a click is handled (or replayed once its part has hydrated).
 */
export async function dashboardLive(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const container = document.getElementById('dashboard');
    return container !== null && Object.keys(container).some((key) => key.startsWith('__reactContainer$'));
  });
}
