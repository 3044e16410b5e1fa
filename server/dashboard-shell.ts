import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { FirstAnswers } from '../src/api/first-answers.ts';
import { site } from '../src/config/site.ts';
import { dashboardRoutes } from '../src/config/dashboard-routes.ts';
import { safeNextPath, signInToContinue } from '../src/lib/next-path.ts';
import type { Moment } from '../src/lib/moment.ts';
import { listPageSpan, MEETINGS_VIEW_COOKIE, type MeetingsView, meetingsViewOf, spanQuery, weekAt } from '../src/lib/week-range.ts';
import { nowMs } from './clock.ts';
import { encode, preferredEncoding } from './http/compression.ts';

/**
 * The dashboards' app shell (src/pages/app-shell.astro) with the answers of its first screen's
 * reads inside it. The page needs them before it can show anything; fetched by the page, they
 * would be three more requests at the start of its load, each waiting for a connection beside
 * the code's (decision 011). The server asks its own API for them, as the browser would (the same
 * cookie and client address, so the same sign-in checks and limits), and writes them in a data
 * block the page's code reads (src/api/first-answers.ts).
 *
 * The first screen itself is rendered here from those answers (src/islands/render-dashboard.tsx,
 * bundled by `npm run build` into dist-server/), so the page paints it before its scripts have run;
 * the browser then hydrates it. Times are written in the viewer's zone when the browser has told it
 * (the `tz` cookie the dashboards set), else in the campus zone; the browser moves them to its own.
 *
 * A read that fails here, answers a server failure or takes longer than FIRST_READ_WAIT_MS is left
 * out, and the page fetches it itself. A render that fails is left out, and the browser renders
 * the page. `npm run dev` serves the shell without answers or render: the page does it all.
 */

/**
 * The page's two places the server fills (src/pages/app-shell.astro), each between an opening and a
 * closing comment: the first reads' answers (with the render's moment, when it rendered), and the
 * first screen inside #dashboard (the shell's loading notice until then). Whatever the build wrote
 * between the comments is replaced, so no byte of the page has to match a string here.
 */
export const FIRST_READS_MARK = 'first-reads';
export const FIRST_SCREEN_MARK = 'first-screen';

/** Where the content between `<!--mark-->` and `<!--/mark-->` starts and ends, if the page has both. */
function markRange(page: string, mark: string): [start: number, end: number] | undefined {
  const open = `<!--${mark}-->`;
  const start = page.indexOf(open);
  const end = start < 0 ? -1 : page.indexOf(`<!--/${mark}-->`, start + open.length);
  return end < 0 ? undefined : [start + open.length, end];
}

/** `page` with `content` between `<!--mark-->` and `<!--/mark-->`; the page as it is when either is missing. */
export function fillMark(page: string, mark: string, content: string): string {
  const range = markRange(page, mark);
  return range ? page.slice(0, range[0]) + content + page.slice(range[1]) : page;
}

/** Whether the built page has both places (a page without them is served as built: the browser renders). */
export const hasMarks = (page: string): boolean => [FIRST_READS_MARK, FIRST_SCREEN_MARK].every((mark) => markRange(page, mark) !== undefined);

/** The data blocks the page's code reads: the answers (src/api/first-answers.ts) and the render's moment (mount-dashboard.tsx). */
const dataBlock = (id: string, value: unknown) => `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;

/** What a first screen's reads depend on beyond the address: the tutor's list-or-week choice, and (for the week) the moment. */
export interface FirstScreenChoice {
  meetingsView: MeetingsView;
  moment: Moment;
}

/**
 * The reads a dashboard address shows first (the sidebar's and the screen's). The tutor's Schedule
 * and Availability in the week view read this week's span (in the zone the page is written in), at
 * the very address the page asks for (src/lib/week-range.ts), so the page takes the answer from here.
 */
export function firstReadsOf(urlPath: string, choice?: FirstScreenChoice): string[] {
  const path = urlPath.replace(/\/$/, '');
  const reads: string[] = [];
  if (/^\/student\/dashboard(\/.*)?$/.test(path)) {
    reads.push('/api/customers/myself', '/api/customers/myself/gradebooks');
    if (/^\/student\/dashboard(\/upcoming|\/history)?$/.test(path)) reads.push('/api/customers/myself/payments');
  }
  // Only a tutor's id or 'myself': the segment goes into the API's address, and anything else
  // (an encoded backslash or dots) could lead the read elsewhere. The page fetches what is left out.
  const tutor = /^\/tutors\/(\d{1,9}|myself)\/dashboard(\/.*)?$/.exec(path);
  if (tutor) {
    const id = tutor[1]!;
    reads.push('/api/checkauth', `/api/tutors/${id}`);
    const screen = tutor[2] ?? '';
    if (choice && /^(\/schedule|\/availability)?$/.test(screen)) {
      const { nowMs, zone } = choice.moment;
      const week = weekAt(nowMs, zone);
      reads.push(`/api/tutors/${id}/meetings${spanQuery(choice.meetingsView === 'week' ? week : listPageSpan(week, 0, zone))}`);
    } else if (/^(\/schedule|\/availability|\/history)?$/.test(screen)) reads.push(`/api/tutors/${id}/meetings`);
  }
  return reads;
}

const routePatterns = Object.values(dashboardRoutes).map((route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** Whether a path is one of the dashboard routes (another shows the not-found view, signed in or not). */
export const isDashboardRoute = (path: string): boolean => routePatterns.some((pattern) => pattern.test(path));

/** The zone a browser named in its `tz` cookie, when it is one that Intl knows; else the campus's. */
export function viewerZone(cookie: string | undefined): string {
  if (cookie && cookie.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(cookie)) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: cookie }).resolvedOptions().timeZone;
    } catch {
      // Not a zone: the campus's below.
    }
  }
  return site.timeZone;
}

export type RenderDashboard = (input: { path: string; answers: FirstAnswers; moment: Moment; meetingsView: MeetingsView }) => string;

/**
 * JSON inside a `<script>` element: `<` escaped, so no answer's text (a tutor's bio, say) can
 * close the element or open a comment; U+2028 and U+2029 are escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * How long the page waits for a read: a slow database should not hold the page's first byte (the
 * page fetches a read left out, and shows its loading state meanwhile).
 */
export const FIRST_READ_WAIT_MS = 300;

async function withinTime<T>(work: T | Promise<T>): Promise<T | undefined> {
  const wait = new AbortController();
  const late = sleep(FIRST_READ_WAIT_MS, undefined, { signal: wait.signal }).catch(() => undefined);
  try {
    return await Promise.race([work, late]);
  } finally {
    wait.abort();
  }
}

/** Request headers passed on to the API's reads: who is asking and from where, nothing else. */
const FORWARDED_HEADERS = ['cookie', 'x-forwarded-for', 'user-agent'];

export interface DashboardShellOptions {
  shellFile: string;
  api: Hono;
  /** The bundled server render (dist-server/render-dashboard.js); without it the browser renders. */
  renderFile?: string;
  log?: (line: string) => void;
}

export function dashboardShell({ shellFile, api, renderFile, log = console.log }: DashboardShellOptions) {
  let built: string | undefined;
  let renderer: Promise<RenderDashboard | undefined> | undefined;

  function loadRenderer(): Promise<RenderDashboard | undefined> {
    renderer ??= renderFile
      ? import(pathToFileURL(renderFile).href).then(
          (module: { renderDashboard: RenderDashboard }) => module.renderDashboard,
          (error: unknown) => {
            log(`dashboard pages are rendered in the browser: ${renderFile} did not load (${(error as Error).message})`);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return renderer;
  }

  /** The first screen and the moment it was rendered at, or nothing if the render fails (the browser renders then). */
  function renderFirstScreen(render: RenderDashboard, c: Context, answers: FirstAnswers, { moment, meetingsView }: FirstScreenChoice): { html: string; moment: Moment } | undefined {
    try {
      return { html: render({ path: c.req.path, answers, moment, meetingsView }), moment };
    } catch (error) {
      log(`dashboard page rendered in the browser: the server's render failed (${(error as Error).message})`);
      return undefined;
    }
  }

  async function answersFor(c: Context, reads: string[]): Promise<{ answers: FirstAnswers; cookies: string[] }> {
    const headers = new Headers({ accept: 'application/json' });
    for (const name of FORWARDED_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const answers: FirstAnswers = {};
    const cookies = new Set<string>();
    await Promise.all(
      reads.map(async (read) => {
        try {
          // c.env carries the connection, so the API sees the same client address.
          const response = await withinTime(api.request(read, { headers }, c.env));
          if (!response) return;
          for (const cookie of response.headers.getSetCookie()) cookies.add(cookie);
          // A server failure or a limit is the page's to meet (and retry) itself.
          if (response.status >= 500 || response.status === 429) return;
          if (!(response.headers.get('content-type') ?? '').includes('application/json')) return;
          answers[read] = [response.status, await response.json()];
        } catch {
          // Left out: the page asks for it itself.
        }
      }),
    );
    return { answers, cookies: [...cookies] };
  }

  return async function serve(c: Context) {
    if (built === undefined) {
      built = await readFile(shellFile, 'utf8');
      if (!hasMarks(built)) log(`dashboard pages are rendered in the browser: ${shellFile} has no <!--${FIRST_READS_MARK}--> or <!--${FIRST_SCREEN_MARK}--> place`);
    }
    c.header('content-type', 'text/html; charset=utf-8');
    // The page carries the signed-in person's data: never kept by a shared cache, nor reused.
    c.header('cache-control', 'private, no-store');
    c.header('vary', 'accept-encoding, cookie');
    if (c.req.method === 'HEAD') return c.body(null, 200);
    // One moment for the reads and the render: the week the server asks for is the week it writes.
    const choice: FirstScreenChoice = {
      moment: { nowMs: nowMs(), zone: viewerZone(getCookie(c, 'tz')) },
      meetingsView: meetingsViewOf(getCookie(c, MEETINGS_VIEW_COOKIE)),
    };
    const [{ answers, cookies }, render] = await Promise.all([answersFor(c, firstReadsOf(c.req.path, choice)), loadRenderer()]);
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    // Signed out (no sign-in, or an ended one) on a page that exists: the home page asks to sign in,
    // then comes back here.
    if (isDashboardRoute(c.req.path) && Object.values(answers).some(([status]) => status === 401)) {
      const url = new URL(c.req.url);
      const next = safeNextPath(`${url.pathname}${url.search}`) ?? safeNextPath(url.pathname);
      return c.redirect(next ? signInToContinue(next) : '/', 302);
    }
    const screen = render && renderFirstScreen(render, c, answers, choice);
    const reads = dataBlock('first-reads', answers) + (screen ? dataBlock('first-moment', screen.moment) : '');
    const withReads = fillMark(built, FIRST_READS_MARK, reads);
    const page = Buffer.from(screen ? fillMark(withReads, FIRST_SCREEN_MARK, screen.html) : withReads);
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (!encoding) return c.body(new Uint8Array(page), 200);
    c.header('content-encoding', encoding);
    return c.body(new Uint8Array(encode(encoding, page)), 200);
  };
}
