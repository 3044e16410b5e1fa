// @vitest-environment node
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { stripeApi } from '../../../server/payments/index.ts';

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
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) {
      expect(message).toContain(`${key}: is required when MODE=production and TEXT_LOGIN=on`);
    }
  });
});

describe('loadConfig: Stripe', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_1', PUBLIC_STRIPE_KEY: 'pk_test_1' };

  it("talks to Stripe's own API unless STRIPE_API_URL names another", () => {
    const stripe = loadConfig(keys).stripe!;
    expect(stripe.apiUrl).toBe('https://api.stripe.com');
    expect(stripeApi(stripe.apiUrl)).toBeUndefined();
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:4510/' }).stripe!.apiUrl).toBe('http://127.0.0.1:4510');
    expect(stripeApi('http://127.0.0.1:4510')).toEqual({ host: '127.0.0.1', port: 4510, protocol: 'http' });
    expect(stripeApi('http://[::1]:4510')).toEqual({ host: '::1', port: 4510, protocol: 'http' });
    expect(stripeApi('https://stripe-proxy.example')).toEqual({ host: 'stripe-proxy.example', port: 443, protocol: 'https' });
  });

  it('refuses a STRIPE_API_URL in clear text off this machine, or with a path', () => {
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'http://stripe.example' })).toThrow(/STRIPE_API_URL: must start with https:\/\//);
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'https://stripe.example/v1' })).toThrow(/STRIPE_API_URL: must be an address without a path/);
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'stripe' })).toThrow(/STRIPE_API_URL/);
  });
});

describe('loadConfig: texts', () => {
  const twilio = { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', TWILIO_AUTH_TOKEN: 'token-0123456789', TWILIO_FROM: '+12065550100' };
  const production = {
    MODE: 'production',
    DATABASE_URL: 'postgres://u@h/db',
    SITE_URL: 'https://tutors.example',
    SMTP_URL: 'smtp://mail.example',
    STRIPE_SECRET_KEY: 'sk_live_1',
    PUBLIC_STRIPE_KEY: 'pk_live_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
  };

  it('has no SMS provider by default, text login on and a daily cap of 500', () => {
    expect(loadConfig({})).toMatchObject({ sms: undefined, textLogin: true, smsDailyCap: 500 });
  });

  it('reads the Twilio settings, a number or a messaging service as sender', () => {
    expect(loadConfig({ ...twilio, TWILIO_API_URL: 'http://127.0.0.1:9999/' }).sms).toEqual({
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: twilio.TWILIO_AUTH_TOKEN,
      from: '+12065550100',
      apiUrl: 'http://127.0.0.1:9999',
    });
    expect(loadConfig({ ...twilio, TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef' }).sms).toMatchObject({ from: 'MG0123456789abcdef0123456789abcdef', apiUrl: 'https://api.twilio.com' });
  });

  it('names each malformed or missing Twilio setting', () => {
    expect(() => loadConfig({ ...twilio, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(/TWILIO_ACCOUNT_SID: must be the account SID/);
    expect(() => loadConfig({ ...twilio, TWILIO_FROM: '2065550100' })).toThrow(/TWILIO_FROM: must be a \+E\.164 number/);
    expect(() => loadConfig({ ...twilio, TWILIO_API_URL: 'http://api.twilio.example' })).toThrow(/TWILIO_API_URL: must start with https:\/\//);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toThrow(/TWILIO_AUTH_TOKEN: is required with the other TWILIO_ settings\n {2}TWILIO_FROM: is required/);
  });

  it("reads the message sends' retry and lease and the job queue's supervision, in whole seconds", () => {
    expect(loadConfig({}).jobs).toEqual({ sendRetrySeconds: 60, sendLeaseSeconds: 120, superviseSeconds: 60 });
    expect(loadConfig({ MESSAGE_RETRY_SECONDS: '1', MESSAGE_SEND_LEASE_SECONDS: '5', JOB_SUPERVISE_SECONDS: '2' }).jobs).toEqual({ sendRetrySeconds: 1, sendLeaseSeconds: 5, superviseSeconds: 2 });
    // A lease of a second would take over sends that are merely under way.
    for (const lease of ['0', '1', '1.5', '10000', 'soon']) expect(() => loadConfig({ MESSAGE_SEND_LEASE_SECONDS: lease }), lease).toThrow(/MESSAGE_SEND_LEASE_SECONDS: must be a whole number of seconds from 2/);
    for (const every of ['0', '-1', 'x']) expect(() => loadConfig({ JOB_SUPERVISE_SECONDS: every }), every).toThrow(/JOB_SUPERVISE_SECONDS: must be a whole number/);
  });

  it('reads TEXT_LOGIN and SMS_DAILY_CAP', () => {
    expect(loadConfig({ TEXT_LOGIN: 'off', SMS_DAILY_CAP: '40' })).toMatchObject({ textLogin: false, smsDailyCap: 40 });
    expect(() => loadConfig({ TEXT_LOGIN: 'no' })).toThrow(/TEXT_LOGIN/);
    for (const cap of ['-1', '1.5', '1e3', 'lots']) expect(() => loadConfig({ SMS_DAILY_CAP: cap }), cap).toThrow(/SMS_DAILY_CAP: must be a whole number/);
  });

  it('reads WORKERS: 1 by default, a number up to 32, or auto (one per CPU)', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://u@h/db' }).workers).toBe(4);
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(Math.min(32, availableParallelism()));
    for (const workers of ['0', '33', '-1', '1.5', 'two', 'AUTO']) expect(() => loadConfig({ WORKERS: workers }), workers).toThrow(/WORKERS: must be a whole number of processes from 1 to 32, or auto/);
  });

  it('keeps the sign-in floors unless a demo server turns them off; production refuses SIGN_IN_FLOORS=off', () => {
    expect(loadConfig({}).signInFloors).toBe(true);
    expect(loadConfig({ SIGN_IN_FLOORS: 'off' }).signInFloors).toBe(false);
    expect(() => loadConfig({ SIGN_IN_FLOORS: 'no' })).toThrow(/SIGN_IN_FLOORS/);
    expect(loadConfig({ ...production, ...twilio }).signInFloors).toBe(true);
    expect(loadConfig({ ...production, ...twilio, SIGN_IN_FLOORS: 'on' }).signInFloors).toBe(true);
    expect(() => loadConfig({ ...production, ...twilio, SIGN_IN_FLOORS: 'off' })).toThrow(/SIGN_IN_FLOORS: may be off only when MODE=demo/);
  });

  it('takes a demo clock start instant (an ISO date-time), which production refuses', () => {
    expect(loadConfig({}).demoClockStart).toBeUndefined();
    expect(loadConfig({ DEMO_CLOCK_START: '2026-11-24T07:45:00Z' }).demoClockStart).toEqual(new Date('2026-11-24T07:45:00Z'));
    expect(loadConfig({ DEMO_CLOCK_START: '2027-03-13T04:00:00-08:00' }).demoClockStart).toEqual(new Date('2027-03-13T12:00:00Z'));
    for (const bad of ['tomorrow', '2026-11-24', '2026-02-30T10:00:00Z']) expect(() => loadConfig({ DEMO_CLOCK_START: bad }), bad).toThrow(/DEMO_CLOCK_START/);
    expect(() => loadConfig({ ...production, ...twilio, DEMO_CLOCK_START: '2026-11-24T07:45:00Z' })).toThrow(/DEMO_CLOCK_START: may be set only when MODE=demo/);
  });

  it('starts production with Twilio, or without texts when TEXT_LOGIN=off', () => {
    expect(loadConfig({ ...production, ...twilio }).sms?.from).toBe('+12065550100');
    expect(loadConfig({ ...production, TEXT_LOGIN: 'off' })).toMatchObject({ sms: undefined, textLogin: false });
    expect(() => loadConfig({ ...production, TWILIO_AUTH_TOKEN: 'token-0123456789' })).toThrow(/TWILIO_ACCOUNT_SID: is required.*\n {2}TWILIO_FROM: is required/);
  });
});

describe('loadConfig: where the server may be reached', () => {
  const production = {
    MODE: 'production',
    DATABASE_URL: 'postgres://u@h/db',
    SMTP_URL: 'smtp://mail.example',
    STRIPE_SECRET_KEY: 'sk_live_1',
    PUBLIC_STRIPE_KEY: 'pk_live_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    TEXT_LOGIN: 'off',
  };

  it('refuses an http:// SITE_URL in production, except on this machine', () => {
    expect(() => loadConfig({ ...production, SITE_URL: 'http://tutors.example' })).toThrow(/SITE_URL: must start with https:\/\/ when MODE=production/);
    expect(() => loadConfig({ ...production, SITE_URL: 'http://10.0.0.5:4321' })).toThrow(/SITE_URL/);
    for (const site of ['https://tutors.example', 'http://localhost:4321', 'http://127.0.0.1:8080', 'http://[::1]:4321']) {
      expect(loadConfig({ ...production, SITE_URL: site }).siteUrl, site).toBe(site);
    }
  });

  it('keeps demo mode on this machine unless DEMO_PUBLIC=1, and says why', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'tutors.example']) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(/HOST: demo mode listens only on this machine .*outbox at \/dev\/outbox shows everyone's login links.*DEMO_PUBLIC=1/);
    }
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(loadConfig({ HOST: host }).host).toBe(host);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_PUBLIC: '1' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ DEMO_PUBLIC: 'yes' })).toThrow(/DEMO_PUBLIC/);
    expect(loadConfig({}).host).toBe('127.0.0.1');
  });

  it('lets production listen anywhere', () => {
    expect(loadConfig({ ...production, SITE_URL: 'https://tutors.example' }).host).toBe('0.0.0.0');
  });
});

describe('loadConfig: where the photos are kept', () => {
  it('keeps them in the database unless PHOTO_STORE=s3 names a bucket', () => {
    expect(loadConfig({}).photoStore).toEqual({ kind: 'database' });
    expect(loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'beacon-photos' }).photoStore).toEqual({
      kind: 's3',
      bucket: 'beacon-photos',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      prefix: 'tutor_images/',
    });
    const minio = { PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio.internal:9000/', S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_PREFIX: 'beacon/photos/' };
    expect(loadConfig(minio).photoStore).toEqual({
      kind: 's3',
      bucket: 'photos',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      prefix: 'beacon/photos/',
    });
  });

  it('names what an S3 store is missing or has wrong', () => {
    expect(() => loadConfig({ PHOTO_STORE: 's3' })).toThrow(/S3_BUCKET: is required when PHOTO_STORE=s3/);
    expect(() => loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'Photos_2' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY: must be set with the other S3 key, or neither/);
    expect(() => loadConfig({ PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_PREFIX: 'photos' })).toThrow(/S3_PREFIX: must be empty or folder names each ending in \//);
    expect(() => loadConfig({ PHOTO_STORE: 'disk' })).toThrow(/PHOTO_STORE/);
  });
});
