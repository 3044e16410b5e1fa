/**
 * `npm run test:deploy`: the product as it goes live, end to end on this machine. A fresh, empty
 * PostgreSQL database; the production server (MODE=production, 2 workers) built with a Stripe
 * publishable key; Debian's Caddy with deploy/Caddyfile in front (https on localhost through its
 * internal CA); an SMTP sink for the emails and the Stripe stand-in for payments
 * (tests/deploy/stripe-standin.ts). Then the journey in Chromium (tests/deploy/journey.spec.ts,
 * its own Playwright config): from the admin command's first supervisor to a paid booking.
 *
 * A build in dist/ is reused when it was built with the same PUBLIC_* settings
 * (dist-server/build-settings.json) and none of its sources changed since, else the site is
 * built; DEPLOY_REBUILD=1 always builds.
 * Everything started is stopped, and the database dropped, at the end, on failure too.
 *
 * Settings: DEPLOY_PORT_BASE (4540: Caddy's https port; the next six are Caddy's http and admin
 * ports, the server, the Stripe stand-in, SMTP and the sink's message list), DEPLOY_POSTGRES_URL
 * (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres: a role that may
 * create databases), DEPLOY_KEEP_LOGS=1 keeps the logs' folder after a pass too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BUILD_SETTINGS_FILE, publicSettings, readBuildSettings, settingsDrift } from '../server/build-settings.ts';
import { startSmtpSink } from '../tests/deploy/smtp-sink.ts';
import { startStripeStandIn } from '../tests/deploy/stripe-standin.ts';

const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
const step = (text: string) => console.log(`[test:deploy ${elapsed().padStart(7)}] ${text}`);

const base = Number(process.env.DEPLOY_PORT_BASE ?? 4540);
const ports = { https: base, http: base + 1, caddyAdmin: base + 2, server: base + 3, stripe: base + 4, smtp: base + 5, sink: base + 6 };
const siteUrl = `https://localhost:${ports.https}`;
const postgresUrl = process.env.DEPLOY_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const stripeKeys = { secret: 'sk_test_deploy_standin', publishable: 'pk_test_deploy_standin', webhook: 'whsec_deploy_standin' };

/** The PUBLIC_* settings the pages are built with: a Stripe key (the real card step) and a semester that has not ended. */
const buildEnv: Record<string, string | undefined> = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  PUBLIC_STRIPE_KEY: stripeKeys.publishable,
  PUBLIC_SEMESTER_LAST_READING_DAY: `${new Date().getUTCFullYear() + 1}-06-30`,
};

const work = mkdtempSync(path.join(tmpdir(), 'beacon-deploy-'));
const children: { name: string; child: ChildProcess }[] = [];
const cleanups: { name: string; run: () => Promise<void> }[] = [];

/** What the build is made of: a file here changed after the build's record means the build is stale. */
const BUILD_SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'scripts/build-dashboard-render.ts', 'scripts/precompress.ts', 'scripts/preload-islands.ts'];

/** The newest modification time (ms) of the files under these paths; 0 when there are none. */
function newestChange(paths: string[]): number {
  let newest = 0;
  for (const entry of paths) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (stat.isDirectory()) newest = Math.max(newest, newestChange(readdirSync(entry).map((name) => path.join(entry, name))));
    else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Runs a command to its end, its output into a log file; rejects with the log's tail on failure. */
function run(name: string, command: string, args: string[], env: Record<string, string | undefined>): Promise<void> {
  const logFile = path.join(work, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}):\n${tail(logFile)}`))));
  });
}

/** Starts a long-running process in its own process group, its output into a log file. */
function start(name: string, command: string, args: string[], env: Record<string, string | undefined>): ChildProcess {
  const log = createWriteStream(path.join(work, `${name}.log`));
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[test:deploy] ${name} exited early (${signal ?? `exit ${code}`}); its log: ${path.join(work, `${name}.log`)}`);
  });
  return child;
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** SIGTERM to the process and its group (the server's workers), then SIGKILL after `graceMs`. */
async function stop({ name, child }: { name: string; child: ChildProcess }, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
  if ((await Promise.race([exited, timer])) === 'late') {
    console.log(`[test:deploy] ${name} did not stop in ${graceMs / 1000} s: killed`);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await exited;
  }
}

let stopping = false;
async function cleanUp() {
  if (stopping) return;
  stopping = true;
  for (const entry of [...children].reverse()) await stop(entry);
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup.run();
    } catch (error) {
      console.log(`[test:deploy] ${cleanup.name}: ${(error as Error).message}`);
    }
  }
}

/** An https GET trusting `ca`: its status and body, or null while nothing answers. */
function httpsGet(url: string, ca: string | undefined): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const request = get(url, { ca, rejectUnauthorized: Boolean(ca), timeout: 5_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let exitCode = 1;
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)));

try {
  step(`ports ${ports.https} (https) to ${ports.sink}; logs in ${work}`);
  const caddy = process.env.CADDY_BINARY ?? '/usr/bin/caddy';
  if (!existsSync(caddy)) throw new Error(`Caddy is not installed at ${caddy} (apt-get install caddy)`);

  // A fresh, empty database, dropped at the end.
  const database = `deploy_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  cleanups.push({
    name: `dropping database ${database}`,
    run: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    },
  });
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${database}` }).toString();
  step(`created the empty database ${database}`);

  const serverEnv: Record<string, string | undefined> = {
    ...buildEnv,
    MODE: 'production',
    PORT: String(ports.server),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    WORKERS: '2',
    SITE_URL: siteUrl,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    STRIPE_SECRET_KEY: stripeKeys.secret,
    STRIPE_WEBHOOK_SECRET: stripeKeys.webhook,
    STRIPE_API_URL: `http://127.0.0.1:${ports.stripe}`,
    TEXT_LOGIN: 'off',
    TRUST_PROXY: '1',
    DATA_DIR: path.join(work, 'data'),
    LOG_REQUESTS: '1',
  };
  // The build: reused when it baked in the same PUBLIC_* settings. It reads the configured
  // database (the home page's gallery), so it runs with the server's settings, on the new database.
  const wanted = publicSettings(buildEnv);
  const built = existsSync('dist/index.html') && existsSync('dist-server/render-dashboard.js') ? readBuildSettings() : null;
  const drift = built ? settingsDrift(built, wanted) : null;
  const stale = built !== null && newestChange(BUILD_SOURCES) > statSync(BUILD_SETTINGS_FILE).mtimeMs;
  if (process.env.DEPLOY_REBUILD !== '1' && drift?.length === 0 && !stale) {
    step(`reusing the build in dist/: it was built with the same PUBLIC_* settings (${BUILD_SETTINGS_FILE}), after the last change to its sources`);
  } else {
    const why =
      process.env.DEPLOY_REBUILD === '1'
        ? 'DEPLOY_REBUILD=1'
        : !built
          ? 'no recorded build in dist/'
          : drift!.length > 0
            ? `dist/ was built with other values of ${drift!.join(', ')}`
            : 'its sources changed after dist/ was built';
    step(`building the site (${why}) with ${Object.keys(wanted).join(', ')}…`);
    await run('build', 'npm', ['run', 'build'], serverEnv);
    step('built');
  }

  const sink = await startSmtpSink({ smtpPort: ports.smtp, httpPort: ports.sink });
  cleanups.push({ name: 'SMTP sink', run: () => sink.close() });
  step(`SMTP sink on ${sink.smtpUrl}`);

  // Caddy first: its internal CA signs localhost's certificate, which the stand-in's webhooks trust.
  start('caddy', caddy, ['run', '--adapter', 'caddyfile', '--config', 'deploy/Caddyfile'], {
    PATH: process.env.PATH,
    HOME: work,
    XDG_DATA_HOME: path.join(work, 'caddy-data'),
    XDG_CONFIG_HOME: path.join(work, 'caddy-config'),
    SITE_DOMAIN: `localhost:${ports.https}`,
    UPSTREAM: `127.0.0.1:${ports.server}`,
    CADDY_ADMIN: `127.0.0.1:${ports.caddyAdmin}`,
    CADDY_HTTP_PORT: String(ports.http),
    CADDY_HTTPS_PORT: String(ports.https),
  });
  const caFile = path.join(work, 'caddy-data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  await waitFor('Caddy to make its internal CA', async () => existsSync(caFile), 20_000);
  const ca = readFileSync(caFile, 'utf8');
  step(`Caddy with deploy/Caddyfile on ${siteUrl} (its internal CA: ${caFile})`);

  const stripe = await startStripeStandIn({
    port: ports.stripe,
    secretKey: stripeKeys.secret,
    publishableKey: stripeKeys.publishable,
    webhookSecret: stripeKeys.webhook,
    webhookUrl: `${siteUrl}/api/stripe/webhook`,
    webhookCa: ca,
    log: (line) => console.log(`[stripe stand-in] ${line}`),
  });
  cleanups.push({ name: 'Stripe stand-in', run: () => stripe.close() });
  step(`Stripe stand-in on ${stripe.url}, webhooks to ${siteUrl}/api/stripe/webhook`);

  start('server', process.execPath, ['server/main.ts'], serverEnv);
  await waitFor(
    `the server's health through Caddy (${siteUrl}/api/health)`,
    async () => {
      const answer = await httpsGet(`${siteUrl}/api/health`, ca);
      return answer?.status === 200 && answer.body.includes('"postgres"');
    },
    60_000,
  );
  step('production server (2 workers, PostgreSQL) answers through Caddy');

  // The journey, in its own Playwright run; the admin command it runs gets the server's settings.
  // Arguments after `npm run test:deploy --` go to Playwright (a file or a -g filter, --headed).
  const playwright = spawn(process.execPath, [path.resolve('node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/deploy/playwright.config.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: {
      ...serverEnv,
      DEPLOY_SITE_URL: siteUrl,
      DEPLOY_CA_FILE: caFile,
      DEPLOY_MAIL_URL: sink.messagesUrl,
      DEPLOY_STRIPE_URL: stripe.url,
      DEPLOY_SERVER_PORT: String(ports.server),
    },
  });
  children.push({ name: 'playwright', child: playwright });
  const code = await new Promise<number>((resolve) => playwright.on('exit', (exit) => resolve(exit ?? 1)));
  if (code !== 0) throw new Error(`the journey failed (Playwright exit ${code})`);
  exitCode = 0;
} catch (error) {
  console.error(`\n[test:deploy] FAILED: ${(error as Error).message}`);
  for (const name of ['server', 'caddy']) {
    const file = path.join(work, `${name}.log`);
    if (existsSync(file)) console.error(`\n--- last lines of ${file}\n${tail(file, 25)}`);
  }
} finally {
  step('stopping everything');
  await cleanUp();
  if (exitCode === 0 && process.env.DEPLOY_KEEP_LOGS !== '1') rmSync(work, { recursive: true, force: true });
  else console.log(`[test:deploy] logs kept in ${work}`);
  step(exitCode === 0 ? `passed in ${elapsed()}` : `failed after ${elapsed()}`);
}
process.exit(exitCode);
