/**
 * npm run bench:lighthouse: Lighthouse's mobile performance figures of the main pages (a
 * benchmark, not a test: the figures vary with the machine).
 *
 * 1. Builds the site (unless BENCH_SKIP_BUILD is set) and starts the production server on a
 *    fresh demo database, on 127.0.0.1.
 * 2. Runs Lighthouse (default mobile settings: simulated slow 4G and a 4x slower CPU) five times
 *    on each page, in Debian's Chromium when it is installed. Each page is measured as the person
 *    who sees it: the public pages as a visitor, the dashboards signed in as the demo student, the
 *    demo tutor (Schedule, Availability) or the demo supervisor (the team view). Before a page of
 *    another person, that person's session cookie goes into the browser's cookie jar. (Not in
 *    Lighthouse's extra headers: a page that sets a cookie of its own, as the dashboards do, would
 *    then send the browser's cookies instead of the session.)
 * 3. Prints, per page, the median of the runs: performance score, Largest Contentful Paint,
 *    Total Blocking Time, Cumulative Layout Shift and the bytes transferred.
 *
 * LIGHTHOUSE_PAGES and LIGHTHOUSE_RUNS change what is measured: comma-separated pages, each a path
 * with who sees it before a colon (`tutor:/tutors/myself/dashboard/availability`; `student`,
 * `tutor`, `supervisor`, or none for a visitor). LIGHTHOUSE_REPORTS=dir keeps each run's full
 * Lighthouse report there (JSON), to look into what moved or what painted last.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildUnlessSkipped, printTable, sessionCookie, waitForServer } from './bench/server.ts';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4397);
const base = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data/lighthouse';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

/** The demo accounts a dashboard is measured as. */
const ACCOUNTS = {
  student: { email: 'alex@example.com', userType: 'customer' },
  tutor: { email: 'jordan@beacontutoring.com', userType: 'tutor' },
  supervisor: { email: 'maya@beacontutoring.com', userType: 'tutor' },
} as const;
type Viewer = keyof typeof ACCOUNTS | 'visitor';

const DEFAULT_PAGES = [
  '/',
  '/terms',
  '/placement',
  'student:/student/dashboard',
  'tutor:/tutors/myself/dashboard/schedule',
  'tutor:/tutors/myself/dashboard/availability',
  'supervisor:/tutors/myself/dashboard/supervisor',
];

/** `who:/path`, or a bare path for a visitor. */
function parsePage(entry: string): { viewer: Viewer; path: string } {
  const [, who, path] = /^(?:(\w+):)?(\/.*)$/.exec(entry.trim()) ?? [];
  if (!path || (who !== undefined && !(who in ACCOUNTS))) throw new Error(`LIGHTHOUSE_PAGES: "${entry}" is not a path, or \`student:\`, \`tutor:\` or \`supervisor:\` before one`);
  return { viewer: (who as Viewer | undefined) ?? 'visitor', path };
}

const pages = (process.env.LIGHTHOUSE_PAGES?.split(',') ?? DEFAULT_PAGES).map(parsePage);

const env = { ...process.env, DATA_DIR, PORT: String(PORT), LOG_REQUESTS: '0', ASTRO_TELEMETRY_DISABLED: '1' };

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

async function measure(port: number, url: string, report?: string): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (report) writeFileSync(report, JSON.stringify(lhr));
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

/** Puts a cookie of `base` into the browser's own jar, over the DevTools protocol (Node's WebSocket). */
async function setBrowserCookie(port: number, cookie: string): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const [name, ...value] = cookie.split('=');
  const done = new Promise<{ error?: { message: string } }>((resolve) => (socket.onmessage = (event) => resolve(JSON.parse(String(event.data)))));
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [{ name, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' }] } }));
  const answer = await done;
  socket.close();
  if (answer.error) throw new Error(`The session cookie was not set: ${answer.error.message}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A page's line of the table: the medians, then each run's LCP and TBT. */
function row(page: string, runs: Figures[]): string[] {
  const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
  return [
    page,
    String(m('score')),
    `${(m('lcp') / 1000).toFixed(2)} s`,
    `${m('tbt').toFixed(0)} ms`,
    m('cls').toFixed(3),
    `${(m('bytes') / 1024).toFixed(1)} KB`,
    runs.map((r) => `${(r.lcp / 1000).toFixed(2)}/${r.tbt.toFixed(0)}`).join(' '),
  ];
}

rmSync(DATA_DIR, { recursive: true, force: true });
buildUnlessSkipped(env);
const server = spawn(process.execPath, ['server/main.ts'], { env, stdio: 'ignore' });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForServer(base);
  chrome = await chromeLauncher.launch({
    chromePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const rows: string[][] = [];
  // The visitor's pages first, while the jar has no session; then each person's pages together.
  const viewers = [...new Set(pages.map((page) => page.viewer))].sort((a, b) => Number(b === 'visitor') - Number(a === 'visitor'));
  for (const viewer of viewers) {
    if (viewer !== 'visitor') await setBrowserCookie(chrome.port, await sessionCookie(base, ACCOUNTS[viewer]));
    for (const { path } of pages.filter((page) => page.viewer === viewer)) {
      const runs: Figures[] = [];
      const reportOf = (run: number) => REPORTS && `${REPORTS}/${viewer}${path.replace(/\W+/g, '-')}-${run + 1}.json`;
      for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, `${base}${path}`, reportOf(i)));
      rows.push(row(viewer === 'visitor' ? path : `${path} (${viewer})`, runs));
    }
  }
  console.log(`\nLighthouse, mobile (simulated throttling), median of ${RUNS} runs`);
  printTable(['page', 'score', 'LCP', 'TBT', 'CLS', 'total bytes', 'runs (LCP s/TBT ms)'], rows);
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
}
