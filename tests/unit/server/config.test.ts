// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';

describe('loadConfig', () => {
  it('defaults to demo mode on port 4321 with PGlite in .data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'demo', port: 4321, databaseUrl: undefined, stripe: undefined, siteUrl: 'http://localhost:4321' });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and SITE_URL', () => {
    const config = loadConfig({ PORT: '5000', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db', SITE_URL: 'https://tutors.example/' });
    expect(config).toMatchObject({ port: 5000, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h/db', siteUrl: 'https://tutors.example' });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 4321, databaseUrl: undefined });
  });

  it('names each malformed setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ MODE: 'staging' })).toThrow(/MODE/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/must be set together/);
  });

  it('requires the production settings in production mode', () => {
    let message = '';
    try {
      loadConfig({ MODE: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const key of ['DATABASE_URL', 'SITE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'PUBLIC_STRIPE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(message).toContain(`${key}: is required when MODE=production`);
    }
  });
});
