import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { calendarDay } from '../src/contract/schemas.ts';
import { publicSettings } from './build-settings.ts';

/** The default first pay period's first day: a Monday, so each period is two Monday-to-Sunday weeks. */
export const DEFAULT_PAY_PERIOD_FIRST_DAY = '2026-01-05';

/**
 * The server's settings, read from the environment once at start-up and validated here
 * (the only module that reads process.env for the server). A bad setting stops the start with a
 * message that names it.
 */
const schema = z
  .object({
    MODE: z.enum(['demo', 'production']).default('demo'),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    /** Default: loopback in demo mode (its outbox shows login links), every interface in production. */
    HOST: z.string().min(1).optional(),
    /** The public address of the site, used in emailed links. */
    SITE_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    EMAIL_FROM: z.string().min(3).default('Beacon Tutoring <hello@beacontutoring.com>'),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    PUBLIC_STRIPE_KEY: z.string().startsWith('pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    /** Stripe's API address; the deploy test points it at its stand-in (tests/deploy/stripe-standin.ts). */
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    /** Twilio's Messages API sends the texts (server/notify/twilio.ts); without it texts go to the outbox (demo). */
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC\w+$/, 'must be the account SID, AC…').optional(),
    TWILIO_AUTH_TOKEN: z.string().min(8, "is too short for Twilio's auth token").optional(),
    TWILIO_FROM: z
      .string()
      .regex(/^(\+[1-9]\d{7,14}|MG\w+)$/, 'must be a +E.164 number (+12065550100) or a messaging service SID (MG…)')
      .optional(),
    /** Tests point it at a local stub. */
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    /** `off`: no login by texted code (POST /api/verification answers TextLoginOff), and production needs no SMS settings. */
    TEXT_LOGIN: z.enum(['on', 'off']).default('on'),
    /** Texts a day from all instances together (server/notify/sms-guard.ts): a bound on the bill if a script gets past the other limits. */
    SMS_DAILY_CAP: z.string().regex(/^[0-9]{1,7}$/, 'must be a whole number of texts a day').default('500'),
    /**
     * How long one message's send may take before another instance counts its instance as dead and
     * sends it instead (server/notify/delivery.ts), and how often the job queue looks for such jobs
     * (pg-boss's supervision). Shorter: messages a crash interrupted go sooner; a send that is only
     * slow may then go twice, once by each instance (the outbox refuses the second; SMTP and Twilio
     * do not). MESSAGE_RETRY_SECONDS: the first wait before a send that failed (or was cut off) is
     * tried again, doubling after each try. The fault run sets all three low, so that what its kills
     * leave is finished in seconds.
     */
    MESSAGE_RETRY_SECONDS: z.string().regex(/^([1-9]|[1-9][0-9]{1,3})$/, 'must be a whole number of seconds from 1 to 9999').default('60'),
    MESSAGE_SEND_LEASE_SECONDS: z.string().regex(/^([2-9]|[1-9][0-9]{1,3})$/, 'must be a whole number of seconds from 2 to 9999').default('120'),
    JOB_SUPERVISE_SECONDS: z.string().regex(/^([1-9]|[1-9][0-9]{1,3})$/, 'must be a whole number of seconds from 1 to 9999').default('60'),
    /** The first day (YYYY-MM-DD) of a pay period: periods are two weeks from it, both ways (server/domain/pay/pay-periods.ts). */
    PAY_PERIOD_FIRST_DAY: calendarDay.default(DEFAULT_PAY_PERIOD_FIRST_DAY),
    /** Set to 0 to keep the request log quiet (tests). */
    LOG_REQUESTS: z.enum(['0', '1']).default('1'),
    /**
     * How many reverse proxies stand between the clients and this server (each appending to
     * X-Forwarded-For). 0: the header is ignored and the connection's peer is the client.
     */
    TRUST_PROXY: z.string().regex(/^[0-9]$/, 'must be the number of proxies in front, 0 to 9').default('0'),
    /**
     * Server processes sharing the port (server/cluster.ts), or `auto`: one per CPU. Only with
     * DATABASE_URL: the embedded PGlite belongs to one process.
     */
    WORKERS: z
      .string()
      .regex(/^(auto|[1-9]|[12][0-9]|3[0-2])$/, 'must be a whole number of processes from 1 to 32, or auto')
      .default('1'),
    /**
     * Where tutors' photos are kept (server/photo-store/, decision 027): `database` (a table of the
     * database, the default) or `s3`, an S3-compatible bucket named by the S3_* settings.
     */
    PHOTO_STORE: z.enum(['database', 's3']).default('database'),
    /** The bucket's service: unset for Amazon S3 itself; MinIO, R2, B2 and the like name their address (path-style requests). */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens').optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Both or neither: without them the AWS SDK's own chain (AWS_* variables, an instance's role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** The start of every photo's key in the bucket: {prefix}{tutor id}.jpg. */
    S3_PREFIX: z.string().regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending in /').default('tutor_images/'),
    /** Set to 1 to let demo mode listen on a HOST other than this machine (see below). */
    DEMO_PUBLIC: z.enum(['0', '1']).default('0'),
    /**
     * `off`: sign-in requests answer as soon as they are done, without the even-timing floors
     * (http/even-timing.ts). For the journeys' demo server, whose tests are not about timing;
     * refused in production, where the floors hide which addresses have accounts.
     */
    SIGN_IN_FLOORS: z.enum(['on', 'off']).default('on'),
    /**
     * Demo mode only: the instant (ISO date-time) the server's clock reads when it starts, running
     * on from there; the demo data is seeded around it. The journeys start at the suite's instant
     * (TEST_DATE), so they pass on any day at any hour. Unset: the machine's time.
     */
    DEMO_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((env, ctx) => {
    // The account and its token go over the network in every request: not in clear text.
    const twilioApi = URL.parse(env.TWILIO_API_URL);
    if (twilioApi && twilioApi.protocol !== 'https:' && !isLoopbackHost(twilioApi.hostname)) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_API_URL'], message: 'must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])' });
    }
    // The secret key goes with every call, and the SDK has one fixed path (/v1/…) on the host.
    const stripeApi = URL.parse(env.STRIPE_API_URL);
    if (stripeApi && stripeApi.protocol !== 'https:' && !isLoopbackHost(stripeApi.hostname)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])' });
    }
    if (stripeApi && (stripeApi.pathname !== '/' || stripeApi.search || stripeApi.hash || stripeApi.username || stripeApi.password)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'must be an address without a path, query or credentials (https://api.stripe.com)' });
    }
    const twilioKeys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
    // Half a Twilio setup is a mistake in any mode; none at all is one only where codes must be texted.
    const twilioWanted = twilioKeys.some((key) => env[key]) || (env.MODE === 'production' && env.TEXT_LOGIN === 'on');
    if (twilioWanted) {
      const why = twilioKeys.some((key) => env[key]) ? 'is required with the other TWILIO_ settings' : 'is required when MODE=production and TEXT_LOGIN=on (set TEXT_LOGIN=off to run without texts)';
      for (const key of twilioKeys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: why });
      }
    }
    if (env.PHOTO_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when PHOTO_STORE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'must be set with the other S3 key, or neither (the AWS SDK then finds credentials itself)' });
    }
    if (env.MODE === 'production' && env.DEMO_CLOCK_START) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_CLOCK_START'], message: 'may be set only when MODE=demo: a production server keeps the real time' });
    }
    if (env.MODE === 'production' && env.SIGN_IN_FLOORS === 'off') {
      ctx.addIssue({ code: 'custom', path: ['SIGN_IN_FLOORS'], message: 'may be off only when MODE=demo: the floors keep the answers from telling which addresses have accounts' });
    }
    if (env.MODE === 'demo') {
      // Everyone who can reach a demo server can read its outbox, and so every login link in it.
      if (env.HOST && !isLoopbackHost(env.HOST) && env.DEMO_PUBLIC !== '1') {
        ctx.addIssue({
          code: 'custom',
          path: ['HOST'],
          message: `demo mode listens only on this machine (127.0.0.1, ::1 or localhost): its outbox at /dev/outbox shows everyone's login links to whoever can reach it. Set DEMO_PUBLIC=1 to listen on ${env.HOST} anyway`,
        });
      }
      return;
    }
    for (const key of ['DATABASE_URL', 'SITE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'PUBLIC_STRIPE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when MODE=production' });
    }
    // Sign-in cookies and login links must not cross the network in clear text.
    const site = env.SITE_URL ? URL.parse(env.SITE_URL) : null;
    if (site && site.protocol !== 'https:' && !isLoopbackHost(site.hostname)) {
      ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'must start with https:// when MODE=production (http:// only for localhost, 127.0.0.1 or [::1])' });
    }
  });

/** This machine only: localhost, 127.0.0.0/8 or ::1 (with or without URL brackets). */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

export interface Config {
  mode: 'demo' | 'production';
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  emailFrom: string;
  /** Stripe's keys, and its API address (STRIPE_API_URL, without a trailing slash). */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined; apiUrl: string } | undefined;
  logRequests: boolean;
  /** Reverse proxies trusted to name the client in X-Forwarded-For (server/http/client-address.ts). */
  trustProxy: number;
  /** Twilio's account, token, sender (number or MG… service) and API address; undefined: no SMS provider. */
  sms: { accountSid: string; authToken: string; from: string; apiUrl: string } | undefined;
  /** Whether people may log in by a texted code (TEXT_LOGIN). */
  textLogin: boolean;
  /** Texts a day, all numbers and instances together (SMS_DAILY_CAP). */
  smsDailyCap: number;
  /** The first day of a pay period (PAY_PERIOD_FIRST_DAY). */
  payPeriodFirstDay: string;
  /** A message send's first retry and lease, and how often the job queue takes over dead instances' jobs (MESSAGE_RETRY_SECONDS, MESSAGE_SEND_LEASE_SECONDS, JOB_SUPERVISE_SECONDS). */
  jobs: { sendRetrySeconds: number; sendLeaseSeconds: number; superviseSeconds: number };
  /** Server processes on the port (WORKERS, `auto` resolved to the CPUs); more than 1 needs `databaseUrl`. */
  workers: number;
  /** The PUBLIC_* settings of the environment (the pages have the build's: server/build-settings.ts). */
  publicSettings: Record<string, string>;
  /** Whether sign-in requests keep their even-timing floors (SIGN_IN_FLOORS; always in production). */
  signInFloors: boolean;
  /** Demo mode's start instant for the server's clock (DEMO_CLOCK_START), if any. */
  demoClockStart: Date | undefined;
  /** Where tutors' photos are kept (PHOTO_STORE and the S3_* settings). */
  photoStore: PhotoStoreSettings;
}

/** An S3-compatible bucket for the photos (server/photo-store/s3.ts). */
export interface S3Settings {
  bucket: string;
  /** Undefined: Amazon S3 itself. */
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  prefix: string;
}

export type PhotoStoreSettings = { kind: 'database' } | ({ kind: 's3' } & S3Settings);

export class ConfigError extends Error {}

/** Reads and validates the settings; throws a ConfigError naming every bad one. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (Boolean(values.STRIPE_SECRET_KEY) !== Boolean(values.PUBLIC_STRIPE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and PUBLIC_STRIPE_KEY must be set together');
  }
  return {
    mode: values.MODE,
    port: values.PORT,
    host: values.HOST ?? (values.MODE === 'production' ? '0.0.0.0' : '127.0.0.1'),
    siteUrl: (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    emailFrom: values.EMAIL_FROM,
    stripe:
      values.STRIPE_SECRET_KEY && values.PUBLIC_STRIPE_KEY
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            publishableKey: values.PUBLIC_STRIPE_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            apiUrl: values.STRIPE_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    logRequests: values.LOG_REQUESTS === '1',
    trustProxy: Number(values.TRUST_PROXY),
    sms:
      values.TWILIO_ACCOUNT_SID && values.TWILIO_AUTH_TOKEN && values.TWILIO_FROM
        ? { accountSid: values.TWILIO_ACCOUNT_SID, authToken: values.TWILIO_AUTH_TOKEN, from: values.TWILIO_FROM, apiUrl: values.TWILIO_API_URL.replace(/\/$/, '') }
        : undefined,
    textLogin: values.TEXT_LOGIN === 'on',
    smsDailyCap: Number(values.SMS_DAILY_CAP),
    payPeriodFirstDay: values.PAY_PERIOD_FIRST_DAY,
    jobs: { sendRetrySeconds: Number(values.MESSAGE_RETRY_SECONDS), sendLeaseSeconds: Number(values.MESSAGE_SEND_LEASE_SECONDS), superviseSeconds: Number(values.JOB_SUPERVISE_SECONDS) },
    workers: values.WORKERS === 'auto' ? Math.min(32, availableParallelism()) : Number(values.WORKERS),
    publicSettings: publicSettings(env),
    signInFloors: values.MODE === 'production' || values.SIGN_IN_FLOORS === 'on',
    demoClockStart: values.DEMO_CLOCK_START ? new Date(values.DEMO_CLOCK_START) : undefined,
    photoStore:
      values.PHOTO_STORE === 's3' && values.S3_BUCKET
        ? {
            kind: 's3',
            bucket: values.S3_BUCKET,
            endpoint: values.S3_ENDPOINT?.replace(/\/$/, ''),
            region: values.S3_REGION,
            credentials: values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY } : undefined,
            prefix: values.S3_PREFIX,
          }
        : { kind: 'database' },
  };
}
