// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicSettings, readBuildSettings, settingsDrift } from '../../../server/build-settings.ts';

describe('build settings', () => {
  it('keeps the set PUBLIC_* variables only, sorted and trimmed', () => {
    expect(publicSettings({ PUBLIC_SUPPORT_PHONE: ' 2065550100 ', PUBLIC_BRAND_NAME: 'Beacon', PUBLIC_EMPTY: ' ', PORT: '4321', PUBLIC_UNSET: undefined })).toEqual({
      PUBLIC_BRAND_NAME: 'Beacon',
      PUBLIC_SUPPORT_PHONE: '2065550100',
    });
  });

  it("names each setting whose value differs from the build's, set on one side only included", () => {
    expect(settingsDrift({ PUBLIC_A: '1', PUBLIC_B: '2' }, { PUBLIC_A: '1', PUBLIC_B: '2' })).toEqual([]);
    expect(settingsDrift({ PUBLIC_A: '1', PUBLIC_B: '2' }, { PUBLIC_A: '1', PUBLIC_B: '3', PUBLIC_C: 'x' })).toEqual(['PUBLIC_B', 'PUBLIC_C']);
    expect(settingsDrift({ PUBLIC_STRIPE_KEY: 'pk_test_1' }, {})).toEqual(['PUBLIC_STRIPE_KEY']);
  });

  it('reads the record a build wrote, and nothing from a missing or malformed one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'build-settings-'));
    const file = path.join(dir, 'build-settings.json');
    expect(readBuildSettings(file)).toBeNull();
    writeFileSync(file, JSON.stringify({ built_at: '2026-01-01T00:00:00Z', public: { PUBLIC_BRAND_NAME: 'Beacon', PUBLIC_X: 3 } }));
    expect(readBuildSettings(file)).toEqual({ PUBLIC_BRAND_NAME: 'Beacon' });
    writeFileSync(file, '{not json');
    expect(readBuildSettings(file)).toBeNull();
  });
});
