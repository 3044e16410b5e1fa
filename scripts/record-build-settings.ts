/**
 * The last step of `npm run build`: records the PUBLIC_* settings the build baked into the pages
 * (dist-server/build-settings.json), so that the server can tell at start when its own differ
 * (server/build-settings.ts) and the deploy test can tell whether dist/ fits its settings.
 */
import { writeFileSync } from 'node:fs';
import { BUILD_SETTINGS_FILE, publicSettings } from '../server/build-settings.ts';

writeFileSync(BUILD_SETTINGS_FILE, `${JSON.stringify({ built_at: new Date().toISOString(), public: publicSettings(process.env) }, null, 2)}\n`);
