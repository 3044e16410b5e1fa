import { configureApi } from '../../src/api/http.ts';

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  /** A raw body (the photo upload), as sent. */
  body?: unknown;
  /** The content-type header, when one was set. */
  contentType?: string;
}

type Reply = { status?: number; body: unknown } | 'network-error' | Promise<never>;

/**
 * Answers the API client's requests from a table keyed by "METHOD /path" (the component code runs
 * unchanged; only the network edge is replaced). Returns the requests seen.
 */
export function fakeApi(routes: Record<string, (request: SeenRequest) => Reply | Promise<Reply>>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  configureApi({
    baseUrl: '',
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://test');
      const form = init.body instanceof FormData ? Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, String(v)])) : {};
      const raw = init.body instanceof FormData || init.body === undefined || init.body === null ? undefined : init.body;
      const contentType = (init.headers as Record<string, string> | undefined)?.['content-type'];
      const request: SeenRequest = { method: init.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), form };
      if (raw !== undefined) request.body = raw;
      if (contentType !== undefined) request.contentType = contentType;
      seen.push(request);
      const handler = routes[`${request.method} ${request.path}`];
      const reply = handler ? await handler(request) : { status: 404, body: { status: 'failure', error: { type: 'NotFound' } } };
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }) as typeof fetch,
  });
  return seen;
}

export const success = (data?: unknown) => ({ body: data === undefined ? { status: 'success' } : { status: 'success', data } });
/** A failure envelope; `extra`: the error's fields beside its type (a reason, the accounts of OtherAccountSignedIn). */
export const failure = (type: string, status = 400, extra: Record<string, unknown> = {}) => ({ status, body: { status: 'failure', error: { type, ...extra } } });

/** A reply that never comes (to look at a loading state). */
export const never = () => new Promise<never>(() => {});
