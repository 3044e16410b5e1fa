/**
 * npm run bench:lighthouse: Lighthouse's mobile performance figures of the main pages (a
 * benchmark, not a test: the figures vary with the machine).
 *
 * 1. Builds the site (unless BENCH_SKIP_BUILD is set) and starts the production server on a
 *    fresh demo database, on 127.0.0.1.
 * 2. Runs Lighthouse (default mobile settings: simulated slow 4G and a 4x slower CPU) three times
 *    on each page, in Debian's Chromium when it is installed. The public pages are measured first,
 *    as a visitor sees them; then the demo student's session cookie goes into the browser's cookie
 *    jar, and the dashboards are measured signed in. (Not in Lighthouse's extra headers: a page
 *    that sets a cookie of its own, as the dashboards do, would then send the browser's cookies
 *    instead of the session.)
 * 3. Prints, per page, the median of the three runs: performance score, Largest Contentful Paint,
 *    Total Blocking Time, Cumulative Layout Shift and the bytes transferred.
 *
 * LIGHTHOUSE_PAGES (comma-separated paths) and LIGHTHOUSE_RUNS change what is measured.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildUnlessSkipped, printTable, sessionCookie, waitForServer } from './bench/server.ts';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4397);
const base = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.data/lighthouse';
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/terms,/placement,/student/dashboard').split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const STUDENT = { email: 'alex@example.com', userType: 'customer' } as const;

const env = { ...process.env, DATA_DIR, PORT: String(PORT), LOG_REQUESTS: '0', ASTRO_TELEMETRY_DISABLED: '1' };

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

async function measure(port: number, url: string): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
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


rmSync(DATA_DIR, { recursive: true, force: true });
buildUnlessSkipped(env);
const server = spawn(process.execPath, ['server/main.ts'], { env, stdio: 'ignore' });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForServer(base);
  const cookie = await sessionCookie(base, STUDENT);
  chrome = await chromeLauncher.launch({
    chromePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: string[][] = [];
  const isDashboard = (path: string) => /\/dashboard(\/|$)/.test(path);
  // The public pages as a visitor sees them, then the dashboards signed in.
  const ordered = [...pages.filter((path) => !isDashboard(path)), ...pages.filter(isDashboard)];
  let signedIn = false;
  for (const path of ordered) {
    if (isDashboard(path) && !signedIn) {
      await setBrowserCookie(chrome.port, cookie);
      signedIn = true;
    }
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, `${base}${path}`));
    const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
    rows.push([
      path,
      String(m('score')),
      `${(m('lcp') / 1000).toFixed(2)} s`,
      `${m('tbt').toFixed(0)} ms`,
      m('cls').toFixed(3),
      `${(m('bytes') / 1024).toFixed(1)} KB`,
      runs.map((r) => `${(r.lcp / 1000).toFixed(2)}/${r.tbt.toFixed(0)}`).join(' '),
    ]);
  }
  console.log(`\nLighthouse, mobile (simulated throttling), median of ${RUNS} runs`);
  printTable(['page', 'score', 'LCP', 'TBT', 'CLS', 'total bytes', 'runs (LCP s/TBT ms)'], rows);
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
}
