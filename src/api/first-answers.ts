import type { Envelope } from '../contract/envelope.ts';

/**
 * The answers of a dashboard's first reads that came with its page: server/dashboard-shell.ts
 * asks its own API for them and writes them into the page's `#first-reads` data block, by address,
 * as [HTTP status, JSON body].
 *
 * A screen's first render takes its data from here at once (`firstData`). The server writes that
 * render into the page (src/islands/render-dashboard.tsx) and the browser hydrates it, so both
 * must render from the same answers. The API client takes any other first read from here instead
 * of fetching it (`takeFirstAnswer`).
 */
export type FirstAnswers = Record<string, [status: number, body: unknown]>;

/** How long after the page's start a first answer serves the API client: it is for the first screen, not a later visit. */
export const FIRST_ANSWER_TTL_MS = 10_000;

let answers: FirstAnswers | undefined;
/** When the answers were read: the page's start in the browser (the clock of `performance.now()`). */
let readAt = 0;
/** Of each set of answers, those shown and kept for the page's other readers: the API client no longer serves them (a reload fetches). */
const spentOf = new WeakMap<FirstAnswers, Set<string>>();
const spent = (all: FirstAnswers) => spentOf.get(all) ?? spentOf.set(all, new Set()).get(all)!;

function pageAnswers(): FirstAnswers {
  if (answers) return answers;
  // The server writes the block (server/dashboard-shell.ts); the server's render has none.
  const block = typeof document === 'undefined' ? null : document.getElementById('first-reads');
  answers = JSON.parse(block?.textContent || '{}') as FirstAnswers;
  return answers;
}

/**
 * The page's answers are `given` while `run` runs (synchronously): for tests, which have no page.
 * The server's render does not use this: its answers come to the render by context (src/ui/first-data.ts).
 */
export function withFirstAnswers<T>(given: FirstAnswers, render: () => T): T {
  const before = { answers, readAt };
  answers = given;
  readAt = performance.now();
  try {
    return render();
  } finally {
    ({ answers, readAt } = before);
  }
}

/** The data of a read among `answers`, when it succeeded. */
export function dataIn<T>(answers: FirstAnswers, path: string): T | undefined {
  const body = answers[path]?.[1] as Envelope<T> | undefined;
  return typeof body === 'object' && body !== null && body.status === 'success' ? body.data : undefined;
}

/** The data of the page's first read that succeeded, for a screen's first render. Not taken: a render may run twice. */
export function firstData<T>(path: string): T | undefined {
  return dataIn<T>(pageAnswers(), path);
}

/** Once its screen has shown a first read: a later visit to the screen fetches anew. */
export function forgetFirstAnswer(path: string): void {
  delete pageAnswers()[path];
}

/**
 * Once a screen has shown a first read that other parts of the page read too (the session check,
 * the tutor whose dashboard it is): they still render it, each as it hydrates (a part that hydrates
 * later must render what the server wrote), but the API client fetches it anew (a reload).
 */
export function spendFirstAnswer(path: string): void {
  spent(pageAnswers()).add(path);
}

/** A first read's answer ([HTTP status, body]) for the API client, taken once and only while fresh. */
export function takeFirstAnswer(path: string): FirstAnswers[string] | undefined {
  const all = pageAnswers();
  const answer = spent(all).has(path) ? undefined : all[path];
  delete all[path];
  return performance.now() - readAt < FIRST_ANSWER_TTL_MS ? answer : undefined;
}
