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
 * `tutor`, `supervisor`, or none for a visitor). `partner:/none`, `partner:/inline` and
 * `partner:/popup` are a partner's page on another site (localhost, while ours is 127.0.0.1)
 * without the booking widget, with it inline, and with its button (scripts/bench/partner-page.ts);
 * the partner's site is put on the list of sites allowed to embed first, they are measured under
 * applied throttling (see measure), and the table ends with what the inline widget adds to the
 * partner page's LCP and CLS. LIGHTHOUSE_REPORTS=dir keeps each run's full
 * Lighthouse report there (JSON), to look into what moved or what painted last.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { partnerPageHtml, startPartnerServer } from './bench/partner-page.ts';
import { buildUnlessSkipped, printTable, signInCookie, waitForServer } from './bench/server.ts';

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
type Viewer = keyof typeof ACCOUNTS | 'visitor' | 'partner';

const DEFAULT_PAGES = [
  '/',
  '/terms',
  '/placement',
  '/embed/booking',
  'partner:/none',
  'partner:/inline',
  'student:/student/dashboard',
  'tutor:/tutors/myself/dashboard/schedule',
  'tutor:/tutors/myself/dashboard/availability',
  'supervisor:/tutors/myself/dashboard/supervisor',
];

/** `who:/path`, or a bare path for a visitor. */
function parsePage(entry: string): { viewer: Viewer; path: string } {
  const [, who, path] = /^(?:(\w+):)?(\/.*)$/.exec(entry.trim()) ?? [];
  if (!path || (who !== undefined && who !== 'partner' && !(who in ACCOUNTS))) throw new Error(`LIGHTHOUSE_PAGES: "${entry}" is not a path, or \`student:\`, \`tutor:\`, \`supervisor:\` or \`partner:\` before one`);
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

/**
 * One Lighthouse run. `applied`: the throttling applied to the browser (devtools) rather than
 * simulated from an unthrottled load. The partner pages use it: the simulation counts every request
 * that starts before the observed paint as holding the paint up, and a partner page's async
 * embed.js starts that early (it comes with the HTML) though it cannot delay the page's paint; under
 * applied throttling the paint is measured as it happens, with the widget's requests competing for
 * the same slow network and CPU.
 */
async function measure(port: number, url: string, report?: string, applied = false): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: applied ? 'devtools' : 'simulate' });
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

/** Puts a partner's site on the list of sites allowed to embed the widget, as the demo supervisor. */
async function allowToEmbed(origin: string): Promise<void> {
  const cookie = await signInCookie(base, ACCOUNTS.supervisor);
  const answer = await fetch(`${base}/api/embed/origins`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ origins: [origin] }) });
  if (!answer.ok) throw new Error(`The partner's site was not allowed to embed: HTTP ${answer.status}`);
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
const partner = pages.some((page) => page.viewer === 'partner')
  ? await startPartnerServer('localhost', {
      '/none': partnerPageHtml(base, 'none'),
      '/inline': partnerPageHtml(base, 'inline', { course: 'CS 121' }),
      '/popup': partnerPageHtml(base, 'popup', { course: 'CS 121' }),
    })
  : undefined;
try {
  await waitForServer(base);
  if (partner) await allowToEmbed(partner.origin);
  chrome = await chromeLauncher.launch({
    chromePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const rows: string[][] = [];
  // The visitor's pages first, while the jar has no session; then each person's pages together.
  const signedOut = (viewer: Viewer) => viewer === 'visitor' || viewer === 'partner';
  const viewers = [...new Set(pages.map((page) => page.viewer))].sort((a, b) => Number(signedOut(b)) - Number(signedOut(a)));
  const partnerRuns: Record<string, Figures[]> = {};
  for (const viewer of viewers) {
    if (!signedOut(viewer)) await setBrowserCookie(chrome.port, await signInCookie(base, ACCOUNTS[viewer as keyof typeof ACCOUNTS]));
    for (const { path } of pages.filter((page) => page.viewer === viewer)) {
      const runs: Figures[] = [];
      const reportOf = (run: number) => REPORTS && `${REPORTS}/${viewer}${path.replace(/\W+/g, '-')}-${run + 1}.json`;
      const url = viewer === 'partner' ? `${partner!.origin}${path}` : `${base}${path}`;
      for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, url, reportOf(i), viewer === 'partner'));
      if (viewer === 'partner') partnerRuns[path] = runs;
      rows.push(row(viewer === 'visitor' ? path : viewer === 'partner' ? `partner page ${path.slice(1)} (applied throttling)` : `${path} (${viewer})`, runs));
    }
  }
  console.log(`\nLighthouse, mobile (simulated throttling unless marked), median of ${RUNS} runs`);
  printTable(['page', 'score', 'LCP', 'TBT', 'CLS', 'total bytes', 'runs (LCP s/TBT ms)'], rows);
  const [without, inline] = [partnerRuns['/none'], partnerRuns['/inline']];
  if (without && inline) {
    const added = (key: 'lcp' | 'cls') => median(inline.map((r) => r[key])) - median(without.map((r) => r[key]));
    console.log(`\nThe inline widget adds ${(added('lcp') / 1000).toFixed(2)} s to the partner page's LCP and ${added('cls').toFixed(3)} to its CLS (targets: at most 0.1 s and 0).`);
  }
} finally {
  chrome?.kill();
  partner?.server.close();
  server.kill('SIGTERM');
}
