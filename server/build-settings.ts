/**
 * The PUBLIC_* settings a build baked into the pages (`npm run build` writes them to
 * dist-server/build-settings.json), against those the server starts with: the pages keep the
 * build's values until the next build, while the server reads its own environment, so a change
 * made without a rebuild leaves the two disagreeing (a Stripe key the card form does not use, a
 * semester end the tutors' screens do not show). The server warns at start; the deploy test reuses
 * a build only when its settings match.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const BUILD_SETTINGS_FILE = path.join('dist-server', 'build-settings.json');

/** The PUBLIC_* variables of an environment, sorted, empty values left out (an empty one is unset). */
export function publicSettings(env: Record<string, string | undefined>): Record<string, string> {
  const entries = Object.entries(env).filter((entry): entry is [string, string] => entry[0].startsWith('PUBLIC_') && typeof entry[1] === 'string' && entry[1].trim() !== '');
  return Object.fromEntries(entries.map(([name, value]) => [name, value.trim()] as const).sort(([a], [b]) => a.localeCompare(b)));
}

/** What the build recorded in `file`, or null when it recorded nothing (a build older than the record, or none). */
export function readBuildSettings(file = BUILD_SETTINGS_FILE): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const settings = (parsed as { public?: unknown }).public;
    if (typeof settings !== 'object' || settings === null) return null;
    return Object.fromEntries(Object.entries(settings).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return null;
  }
}

/** The names whose value differs between the build's record and `current` (set in one only counts). */
export function settingsDrift(built: Record<string, string>, current: Record<string, string>): string[] {
  const names = new Set([...Object.keys(built), ...Object.keys(current)]);
  return [...names].filter((name) => built[name] !== current[name]).sort();
}
