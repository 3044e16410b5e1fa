import { existsSync } from 'node:fs';

/**
 * The journeys' Chromium: Debian's when installed (Playwright cannot download its own here), with
 * flags for a quiet, repeatable browser. A spec that needs another setting (the widget's journeys
 * block third-party cookies) adds to these flags.
 */
export const chromiumLaunch = {
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
