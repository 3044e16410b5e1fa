/**
 * npm run bench: page weights and API throughput on this machine (a benchmark, not a test).
 *
 * 1. Builds the site on a fresh demo database and starts the production server on 127.0.0.1.
 * 2. For each page, loads it in Chromium without interacting (so islands that wait to be visible
 *    stay unloaded) and sums the HTML, JS and CSS it fetched: raw bytes and gzip bytes.
 * 3. Sends a bounded load (a few seconds, fixed concurrency) to the booking reads and the tutor's
 *    calendar, and reports requests per second and p99 latency.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 4398);
const base = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data/bench';
const pages = (process.env.BENCH_PAGES ?? '/,/terms,/placement,/login,/student/dashboard,/tutors/myself/dashboard').split(',');
const endpoints = (process.env.BENCH_ENDPOINTS ?? '/api/courses,/api/tutors,MEETINGS,SLOTS,/api/tutors/myself/meetings').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const env = { ...process.env, DATA_DIR, PORT: String(PORT), LOG_REQUESTS: '0', ASTRO_TELEMETRY_DISABLED: '1' };

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start');
}

const STUDENT = { email: 'alex@example.com', userType: 'customer' } as const;
const TUTOR = { email: 'jordan@beacontutoring.com', userType: 'tutor' } as const;

/** Signs a browser context in as a demo account through the outbox's magic link. */
async function signIn(request: APIRequestContext, account: { email: string; userType: string } = STUDENT) {
  await request.post(`${base}/api/login?user_type=${account.userType}&email=${account.email}`);
  const outbox = (await (await request.get(`${base}/dev/outbox.json`)).json()) as { link: string }[];
  await request.get(`${base}/api/login?token=${new URL(outbox[0]!.link).searchParams.get('token')}`);
}

/** The session cookie of a demo account, for the load of the calls that need one. */
async function sessionCookie(account: { email: string; userType: string }): Promise<string> {
  await fetch(`${base}/api/login?user_type=${account.userType}&email=${account.email}`, { method: 'POST', headers: { origin: `http://localhost:${PORT}` } });
  const outbox = (await (await fetch(`${base}/dev/outbox.json`)).json()) as { link: string }[];
  const response = await fetch(`${base}/api/login?token=${new URL(outbox[0]!.link).searchParams.get('token')}`);
  // The login clears any old cookie first (`sid=`), then sets the new one.
  return response.headers.getSetCookie().map((line) => line.split(';')[0]!).filter((pair) => !pair.endsWith('=')).at(-1)!;
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

/** The booking reads of a real course (CS 121), as the booking flow sends them. */
async function resolveEndpoints(): Promise<string[]> {
  const courses = (await (await fetch(`${base}/api/courses`)).json()) as { data: { id: number; course_number: string }[] };
  const course = courses.data.find((c) => c.course_number === 'CS 121')?.id ?? 1;
  return endpoints.map((path) =>
    path === 'MEETINGS'
      ? `/api/meetings?course=${course}&capacity=1&course_style=online`
      : path === 'SLOTS'
        ? `/api/slots?course=${course}&capacity=1&course_style=online&subscription=true`
        : path,
  );
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

async function throughput() {
  const rows: string[][] = [];
  // Calls under /api/tutors/myself/ answer the demo tutor's own data, so they carry its session.
  const tutorCookie = await sessionCookie(TUTOR);
  for (const path of await resolveEndpoints()) {
    const headers = path.startsWith('/api/tutors/myself/') ? { cookie: tutorCookie } : undefined;
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + SECONDS * 1000;
    async function worker() {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          const response = await fetch(`${base}${path}`, { headers });
          await response.arrayBuffer();
          if (!response.ok) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - started);
      }
    }
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    rows.push([path.split('?')[0]!, String(latencies.length), (latencies.length / elapsed).toFixed(0), p(0.5).toFixed(1), p(0.99).toFixed(1), String(failures)]);
  }
  console.log(`\nAPI throughput (${SECONDS} s each, ${CONCURRENCY} concurrent clients, 127.0.0.1)`);
  printTable(['endpoint', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows);
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

rmSync(DATA_DIR, { recursive: true, force: true });
if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build'], { env, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('The build failed');
}
const server = spawn(process.execPath, ['server/main.ts'], { env, stdio: 'ignore' });
try {
  await waitForServer();
  await pageWeights();
  await bookingIsland();
  await dashboardTiming('Student dashboard', '/student/dashboard', STUDENT);
  await dashboardTiming('Tutor dashboard (availability)', '/tutors/myself/dashboard/availability', TUTOR);
  await throughput();
} finally {
  server.kill('SIGTERM');
}
