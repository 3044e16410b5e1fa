/**
 * npm run bench: page weights and API throughput on this machine (a benchmark, not a test).
 *
 * 1. Builds the site and starts the production server on 127.0.0.1 on a fresh demo database.
 * 2. Pages: loads each in Chromium without interacting (so islands that wait to be visible stay
 *    unloaded) and sums the HTML, JS and CSS it fetched, raw and gzip; the booking island's JS
 *    per step; the dashboards' time to their first meeting card.
 * 3. API: for PGlite and PostgreSQL (when reachable), each with the demo data (small) and the
 *    large data set (server/demo/large-data.ts), the server is started on that database and
 *    autocannon keeps 20 connections busy on a hashed static asset, the public reads and the
 *    availability search, one after the other; then 20 buyers book and pay meetings of their
 *    own. Figures are given as ratios to the static asset, which varies less between machines.
 * 4. Workers: the reads again on PostgreSQL with WORKERS=2, to compare with one process.
 *
 * BENCH_PARTS (pages,api,workers), BENCH_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_DATABASES
 * (pglite,postgres), BENCH_DATA_SETS (small,large) and BENCH_DATABASE_URL (the PostgreSQL server
 * where the databases bench_small and bench_large are made) choose what runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, chromium } from '@playwright/test';
import { bookingLoad, type LoadFigures, loadOne, type WriteFigures } from './bench/load.ts';
import { type DataSet, type DatabaseKind, postgresReachable, prepareTarget } from './bench/setup.ts';
import { buildUnlessSkipped, printTable, waitForServer } from './bench/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4398);
const base = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data/bench';
const pages = (process.env.BENCH_PAGES ?? '/,/terms,/placement,/login,/student/dashboard,/tutors/myself/dashboard').split(',');
const parts = (process.env.BENCH_PARTS ?? 'pages,api,workers').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 8);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[];
const dataSets = (process.env.BENCH_DATA_SETS ?? 'small,large').split(',') as DataSet[];

const env = { ...process.env, DATA_DIR, PORT: String(PORT), LOG_REQUESTS: '0', ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: `http://localhost:${PORT}`, TRUST_PROXY: '1' };

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const STUDENT = { email: 'alex@example.com', userType: 'customer' } as const;
const TUTOR = { email: 'jordan@beacontutoring.com', userType: 'tutor' } as const;

/** Signs a browser context in as a demo account through the outbox's magic link. */
async function signIn(request: APIRequestContext, account: { email: string; userType: string } = STUDENT) {
  await request.post(`${base}/api/login?user_type=${account.userType}&email=${account.email}`);
  const outbox = (await (await request.get(`${base}/dev/outbox.json`)).json()) as { link: string }[];
  await request.get(`${base}/api/login?token=${new URL(outbox[0]!.link).searchParams.get('token')}`);
}

async function pageWeights() {
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: string[][] = [];
  // Signed in as the demo student, so the dashboard shows its screens instead of sending us home.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context.request);
  // The tutor dashboard is measured signed in as the demo tutor.
  const tutorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(tutorContext.request, TUTOR);
  for (const path of pages) {
    const page = await (path.startsWith('/tutors/') ? tutorContext : context).newPage();
    const totals = { html: [0, 0], js: [0, 0], css: [0, 0] } as Record<'html' | 'js' | 'css', [number, number]>;
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const kind = type === 'document' ? 'html' : type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : undefined;
      if (!kind) return;
      pending.push(
        response.body().then(
          (body) => {
            totals[kind][0] += body.length;
            totals[kind][1] += gzipSync(body, { level: 9 }).length;
          },
          () => {},
        ),
      );
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    rows.push([path, ...(['html', 'js', 'css'] as const).map((k) => `${kb(totals[k][0])} / ${kb(totals[k][1])}`)]);
    await page.close();
  }
  await browser.close();
  console.log('\nPage weight before interaction (raw / gzip)');
  printTable(['page', 'HTML', 'JS', 'CSS'], rows);
}

/**
 * The booking island: JS fetched when it scrolls into view (hydration), then JS fetched up to
 * step 3. Shows what the island costs and that Stripe code arrives only with step 3.
 */
async function bookingIsland() {
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const loaded: { url: string; gzip: number; phase: string }[] = [];
  let phase = 'page load';
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const at = phase;
    pending.push(response.body().then((body) => void loaded.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length, phase: at }), () => {}));
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  phase = 'booking island hydrates';
  await page.locator('#book').scrollIntoViewIfNeeded();
  await page.getByRole('heading', { name: /^Meet a / }).waitFor();
  await page.waitForLoadState('networkidle');
  phase = 'steps 1-2';
  const course = page.getByRole('combobox', { name: 'Course' });
  await course.click();
  await course.pressSequentially('CS 121');
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: /^One-on-one/ }).check();
  await page.getByRole('radio', { name: /^One Time/ }).check();
  await page.getByRole('radio', { name: 'Online' }).check();
  await page.getByRole('button', { name: 'Select Tutor, Time and Location' }).click();
  await page.getByRole('button', { name: /^Book / }).first().waitFor();
  await page.waitForLoadState('networkidle');
  phase = 'step 3 (payment)';
  await page.getByRole('button', { name: /^Book / }).first().click();
  await page.getByRole('heading', { name: 'Finalize Booking' }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await browser.close();

  console.log('\nBooking island: JavaScript fetched per phase (gzip)');
  const phases = [...new Set(loaded.map((l) => l.phase))];
  printTable(
    ['phase', 'files', 'JS gzip', 'Stripe code'],
    phases.map((p) => {
      const files = loaded.filter((l) => l.phase === p);
      const stripe = files.filter((l) => /stripe|StepFinalize/i.test(l.url));
      return [p, String(files.length), kb(files.reduce((sum, l) => sum + l.gzip, 0)), stripe.length ? stripe.map((l) => l.url.split('/').pop()).join(', ') : 'none'];
    }),
  );
}

/** Median time from navigation to a dashboard's first meeting card being on screen (signed in). */
async function dashboardTiming(label: string, path: string, account: { email: string; userType: string }, runs = Number(process.env.BENCH_RUNS ?? 7)) {
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(context.request, account);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto('about:blank');
    const started = performance.now();
    await page.goto(`${base}${path}`);
    await page.locator('article').first().waitFor();
    times.push(performance.now() - started);
  }
  await browser.close();
  times.sort((a, b) => a - b);
  console.log(`\n${label}: navigation to the first meeting card shown, median of ${runs} runs (warm cache): ${times[Math.floor(runs / 2)]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)})`);
}

/** A hashed build asset (a JavaScript chunk), the yardstick the API figures are compared to. */
function staticAsset(): string {
  const files = readdirSync('dist/_astro').filter((f) => f.endsWith('.js'));
  // A mid-sized chunk: the size of a typical availability answer once compressed.
  files.sort((a, b) => statSync(`dist/_astro/${a}`).size - statSync(`dist/_astro/${b}`).size);
  return `/_astro/${files[Math.floor(files.length / 2)]}`;
}

/** The reads of the booking flow for a course (the demo's CS 121 when not given), as its client sends them. */
async function readPaths(readCourse: number | undefined): Promise<[string, string][]> {
  const courses = (await (await fetch(`${base}/api/courses`)).json()) as { data: { id: number; course_number: string }[] };
  const course = readCourse ?? courses.data.find((c) => c.course_number === 'CS 121')!.id;
  return [
    ['static asset', staticAsset()],
    ['/api/courses', '/api/courses'],
    ['/api/prices', '/api/prices'],
    ['/api/tutors', '/api/tutors'],
    ['/api/meetings', `/api/meetings?course=${course}&capacity=1&course_style=online`],
    ['/api/slots', `/api/slots?course=${course}&capacity=1&course_style=online&subscription=true`],
  ];
}

const PUBLIC_READS = new Set(['/api/courses', '/api/prices', '/api/tutors']);
const AVAILABILITY_READS = new Set(['/api/meetings', '/api/slots']);
/** The targets, as ratios to the static asset. */
const TARGETS = { publicRatio: 0.9, availabilityRatio: 0.5, availabilityP99Ms: 25, bookingsPerSecond: 200 };

interface ReadRow {
  label: string;
  bytes: number;
  figures: LoadFigures;
}

/** Loads each read in turn; the answer's size (as sent, compressed) is shown beside it. */
async function measureReads(readCourse: number | undefined): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for (const [label, path] of await readPaths(readCourse)) {
    const sample = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
    const bytes = Number(sample.headers.get('content-length') ?? (await sample.arrayBuffer()).byteLength);
    rows.push({ label, bytes, figures: await loadOne(`${base}${path}`, { seconds: SECONDS, connections: CONNECTIONS }) });
  }
  return rows;
}

function verdict(label: string, figures: LoadFigures, staticRate: number): string {
  const ratio = figures.perSecond / staticRate;
  if (PUBLIC_READS.has(label)) return ratio >= TARGETS.publicRatio && figures.errors === 0 ? 'met' : `MISSED (>= ${TARGETS.publicRatio}x)`;
  if (AVAILABILITY_READS.has(label)) {
    const met = ratio >= TARGETS.availabilityRatio && figures.p99 <= TARGETS.availabilityP99Ms && figures.errors === 0;
    return met ? 'met' : `MISSED (>= ${TARGETS.availabilityRatio}x, p99 <= ${TARGETS.availabilityP99Ms} ms)`;
  }
  return '';
}

function printReads(title: string, rows: ReadRow[]) {
  const staticRate = rows[0]!.figures.perSecond;
  console.log(`\n${title}`);
  printTable(
    ['call', 'answer', 'req/s', 'x static', 'p50 ms', 'p99 ms', 'errors', 'target'],
    rows.map(({ label, bytes, figures }) => [
      label,
      kb(bytes),
      figures.perSecond.toFixed(0),
      `${(figures.perSecond / staticRate).toFixed(2)}x`,
      figures.p50.toFixed(1),
      figures.p99.toFixed(1),
      String(figures.errors),
      verdict(label, figures, staticRate),
    ]),
  );
}

function printWrites(kind: DatabaseKind, what: string, figures: WriteFigures, target: boolean) {
  const verdictText = target && kind === 'postgres' ? (figures.perSecond >= TARGETS.bookingsPerSecond && figures.errors.length === 0 ? 'met' : `MISSED (>= ${TARGETS.bookingsPerSecond}/s, no error)`) : '';
  console.log(
    `${what} (${CONNECTIONS} buyers at once, each a meeting of its own): ${figures.bookings} in ${SECONDS} s = ${figures.perSecond.toFixed(0)}/s, ` +
      `p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, ${figures.errors.length} errors ${verdictText}`,
  );
  const kinds = [...new Set(figures.errors)];
  if (kinds.length) console.log(`  errors: ${kinds.slice(0, 5).join('; ')}`);
}

/**
 * Starts the production server with these settings, waits until it answers, then lets its start-up
 * jobs finish (the reconciliation and the first message run, which on the large data set sends a
 * day of reminders) so that the figures are of the steady state.
 */
async function startServer(extraEnv: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['server/main.ts'], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForServer(base);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  return server;
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const WARM_UP_BUYERS = 1000;

function thirds<T>(items: T[]): [T[], T[], T[]] {
  const third = Math.floor(items.length / 3);
  return [items.slice(0, third), items.slice(third, 2 * third), items.slice(2 * third)];
}

/** Each database and data set: reads, then writes (which change the data, so they come last). */
async function apiThroughput(kinds: DatabaseKind[]) {
  for (const kind of kinds) {
    for (const dataSet of dataSets) {
      // Enough buyers for the three runs at three times the target rate, so they never run out.
      const target = await prepareTarget(kind, dataSet, WARM_UP_BUYERS + Math.ceil(TARGETS.bookingsPerSecond * 3 * SECONDS * 3));
      const server = await startServer(target.env);
      try {
        printReads(`API on ${kind}, ${dataSet} data set (${target.seeded}); ${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1`, await measureReads(target.readCourse));
        // Bookings (the seat held and the checkout opened), then bookings paid at once, by other
        // buyers; a short run of bookings first warms the path up (compiled code, database caches),
        // as autocannon's warm-up does for the reads. (Paid ones would leave their messages to send
        // during the next run.)
        const [warmUp, booking, paying, withHours] = [target.buyers.slice(0, WARM_UP_BUYERS), ...thirds(target.buyers.slice(WARM_UP_BUYERS))];
        await bookingLoad(base, warmUp, { seconds: 3, concurrency: CONNECTIONS, pay: false });
        printWrites(kind, 'Bookings, POST /api/payments', await bookingLoad(base, booking, { seconds: SECONDS, concurrency: CONNECTIONS, pay: false }), true);
        const byCard = await bookingLoad(base, paying, { seconds: SECONDS, concurrency: CONNECTIONS, pay: true });
        printWrites(kind, 'Bookings paid, POST /api/payments + card confirmation', byCard, false);
        // Issue 35: a booking paid with an hour is at least as fast as one paid by card.
        const byHours = await bookingLoad(base, withHours, { seconds: SECONDS, concurrency: CONNECTIONS, pay: 'with-hours' });
        printWrites(kind, 'Bookings paid with an hour, POST /api/payments pay_with=credits', byHours, false);
        const faster = byHours.perSecond >= byCard.perSecond && byHours.errors.length === 0;
        console.log(`  paid with an hour vs by card: ${byHours.perSecond.toFixed(0)}/s vs ${byCard.perSecond.toFixed(0)}/s, p50 ${byHours.p50.toFixed(1)} vs ${byCard.p50.toFixed(1)} ms: ${faster ? 'at least as fast (met)' : 'SLOWER (missed)'}`);
      } finally {
        await stopServer(server);
      }
    }
  }
}

/** The reads on PostgreSQL with one server process, then two (WORKERS), on the large data set. */
async function workerScaling() {
  const target = await prepareTarget('postgres', 'large', 0);
  for (const workers of ['1', '2']) {
    const server = await startServer({ ...target.env, WORKERS: workers });
    try {
      printReads(`PostgreSQL, large data set, WORKERS=${workers}`, await measureReads(target.readCourse));
    } finally {
      await stopServer(server);
    }
  }
}


rmSync(DATA_DIR, { recursive: true, force: true });
buildUnlessSkipped(env);
if (parts.includes('pages')) {
  const server = await startServer({});
  try {
    await pageWeights();
    await bookingIsland();
    await dashboardTiming('Student dashboard', '/student/dashboard', STUDENT);
    await dashboardTiming('Tutor dashboard (availability)', '/tutors/myself/dashboard/availability', TUTOR);
  } finally {
    await stopServer(server);
  }
}
const postgres = databases.includes('postgres') && (await postgresReachable());
if (databases.includes('postgres') && !postgres) console.log('\nPostgreSQL is not reachable at BENCH_DATABASE_URL: its figures are left out.');
if (parts.includes('api')) await apiThroughput(databases.filter((kind) => kind === 'pglite' || postgres));
if (parts.includes('workers') && postgres) await workerScaling();
