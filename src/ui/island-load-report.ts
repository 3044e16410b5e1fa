import type { ClientErrorReport } from '../contract/schemas.ts';

/**
 * The page-wide reporter of islands that never started: an island's own entry script (the module
 * `<astro-island>` imports for client:load or client:visible) or a module script that did not
 * load. The error boundaries (FailureBoundary, lazy-chunk.ts) live inside the islands, so they
 * cannot see this: the section stays as static HTML with dead buttons. BaseLayout runs this from a
 * bundled `<script>` on every page. It imports nothing at run time (no React, no API client), so
 * Astro inlines it and the Content-Security-Policy admits it by the hash the server reads from dist/.
 *
 * What it hears:
 * - `astro:hydration-error`: Astro's island catches a failed import of its entry or renderer
 *   (after one retry of its own), or any other failure to start, and dispatches this, bubbling;
 *   no rejection goes unhandled. Every one is reported: the island is dead whatever the cause.
 * - `unhandledrejection` and `error` whose cause is a failed dynamic import or module script:
 *   Chromium "Failed to fetch dynamically imported module", Firefox "error loading dynamically
 *   imported module", Safari "Importing a module script failed", and a `<script src>` of ours that
 *   did not load.
 * - Vite's `vite:preloadError` (a lazily loaded part or its CSS), only when a listener swallowed it
 *   with preventDefault: otherwise the error goes on to a boundary, which reports it, or becomes an
 *   unhandled rejection, reported above; so nothing is reported twice.
 *
 * Each distinct failure (its chunk's path, or its message) is reported once per page load, and at
 * most MAX_REPORTS_PER_PAGE in all, with where='island-load' (the server also rate-limits).
 */

export const ISLAND_LOAD_WHERE = 'island-load';
export const MAX_REPORTS_PER_PAGE = 5;

/** Chromium's and Firefox's "…dynamically imported module", Safari's, and Vite's CSS preload. */
const MODULE_LOAD_FAILURE = /dynamically imported module|importing a module script failed|unable to preload css/i;
const ERROR_NAME = /^[A-Za-z][\w.$]{0,59}$/;

/** One failure as the report names it. */
export interface LoadFailure {
  name: string;
  message: string;
  /** The failed script's path on this site. */
  chunk?: string | undefined;
}

/** An error's message (an Error's, or a thrown object's), or a thrown value as text. */
function messageOf(error: unknown): string {
  return String((error as { message?: unknown } | null | undefined)?.message ?? error);
}

/** Whether an error (or a message) says that a module script or a dynamic import did not load. */
export function isModuleLoadFailure(error: unknown): boolean {
  return MODULE_LOAD_FAILURE.test(messageOf(error));
}

/** An address's path when it is on this site: never another site's address, never a query. */
export function sitePath(address: string, origin: string): string | undefined {
  try {
    const url = new URL(address, origin);
    return url.origin === origin && url.pathname.length <= 300 ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** The path of the first address of this site that a browser's message names (they name whole URLs). */
export function sitePathIn(message: string, origin: string): string | undefined {
  const match = /https?:\/\/[^\s'"]+/.exec(message);
  return match ? sitePath(match[0], origin) : undefined;
}

/**
 * A failure from an error. `script` is the script that failed to start (an island's entry): a
 * load failure names the file that failed in its message (the entry or one it imports), which wins.
 */
export function failureOf(error: unknown, origin: string, script?: string | null): LoadFailure {
  const message = messageOf(error);
  const named = isModuleLoadFailure(message) ? sitePathIn(message, origin) : undefined;
  return {
    name: error instanceof Error && ERROR_NAME.test(error.name) ? error.name : 'Error',
    message,
    chunk: named ?? (script ? sitePath(script, origin) : undefined),
  };
}

/** Admits each distinct failure once, and at most `cap` in all. */
export function reportGate(cap = MAX_REPORTS_PER_PAGE): (failure: LoadFailure) => boolean {
  const seen = new Set<string>();
  return (failure) => {
    const key = failure.chunk ?? `${failure.name}: ${failure.message}`;
    if (seen.size >= cap || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

/** The report's fields within the server's bounds (src/contract/schemas.ts clientErrorForm). */
export function islandLoadReport(failure: LoadFailure, page: string): ClientErrorReport {
  return {
    name: failure.name,
    message: failure.message.slice(0, 1000),
    where: ISLAND_LOAD_WHERE,
    // A location's pathname: a path, without query or fragment, spaces escaped.
    page: page.slice(0, 300),
    ...(failure.chunk ? { chunk_url: failure.chunk } : {}),
  };
}

/**
 * POST /api/client-errors as the API client sends it (multipart form), without the client's
 * weight; a report that cannot be sent is dropped.
 */
export function postReport(report: ClientErrorReport): void {
  const body = new FormData();
  for (const [field, value] of Object.entries(report)) body.append(field, value);
  // The answer is read to its end, so the request completes (devtools and tests see it finish).
  // The one request outside src/api: this inlined script must not carry the API client (see above).
  // eslint-disable-next-line no-restricted-globals
  fetch('/api/client-errors', { method: 'POST', body })
    .then((response) => response.text())
    .catch(() => undefined);
}

export interface ReporterOptions {
  send?: (report: ClientErrorReport) => void;
  /** Ends the listening (tests). */
  signal?: AbortSignal;
}

/**
 * Listens on the window for the failures above and reports them. An island that did not start,
 * and a module script in the body that did not load, get just before them a copy of the page's
 * `<template id="island-load-notice">` (a short message with the support phone), if it has one.
 */
export function installIslandLoadReporter(win: Window, { send = postReport, signal }: ReporterOptions = {}): void {
  const admit = reportGate();
  const origin = win.location.origin;
  const report = (failure: LoadFailure) => {
    if (admit(failure)) send(islandLoadReport(failure, win.location.pathname));
  };
  const listen = (type: string, listener: (event: Event) => void, capture = false) => win.addEventListener(type, listener, { capture, signal });

  /** The notice, just before what did not start (an island, or the body's script that mounts one). */
  const showNoticeBefore = (element: Element | null) => {
    const notice = win.document.getElementById('island-load-notice') as HTMLTemplateElement | null;
    if (notice && element?.before) element.before(notice.content.cloneNode(true));
  };

  listen('astro:hydration-error', (event) => {
    const { error, componentUrl } = (event as CustomEvent<{ error?: unknown; componentUrl?: string | null }>).detail ?? {};
    report(failureOf(error, origin, componentUrl));
    showNoticeBefore(event.target as Element | null);
  });
  listen('unhandledrejection', (event) => {
    const { reason } = event as PromiseRejectionEvent;
    if (isModuleLoadFailure(reason)) report(failureOf(reason, origin));
  });
  listen(
    'error',
    (event) => {
      const target = event.target as HTMLScriptElement | null;
      if (target?.tagName === 'SCRIPT') {
        // A <script src> that did not load: only ours (Stripe's is Stripe's to report).
        const src = target.src;
        const path = src ? sitePath(src, origin) : undefined;
        if (!path) return;
        report({ name: 'Error', message: `A script did not load: ${path}`, chunk: path });
        // A module script in the body mounts what stands before it (the dashboards' app shell).
        if (target.type === 'module' && win.document.body.contains(target)) showNoticeBefore(target);
        return;
      }
      const { error, message } = event as ErrorEvent;
      if (isModuleLoadFailure(error ?? message)) report(failureOf(error ?? message, origin));
    },
    true,
  );
  listen('vite:preloadError', (event) => {
    // Read once every listener has run: a prevented error goes no further, so it is reported here.
    queueMicrotask(() => {
      const { payload } = event as Event & { payload?: unknown };
      if (event.defaultPrevented) report(failureOf(payload, origin));
    });
  });
}
