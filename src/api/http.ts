import type { AnswerOfRoute, Route } from '../contract/calls/index.ts';
import type { ParamNames } from '../contract/calls/declare.ts';
import type { BareFailure, Envelope, Failure } from '../contract/envelope.ts';
import type { Id } from '../contract/entities.ts';
import { takeFirstAnswer } from './first-answers.ts';

/** The server could not be reached at all: distinct from a failure envelope, which the server sent. */
export interface NetworkFailure {
  status: 'network-error';
  error: { type: 'NetworkError'; message: string };
}

export type ApiResult<T> = Envelope<T> | NetworkFailure;

export type Fields = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Fields;
  /** Sent as multipart form data, the way a browser's FormData is. */
  form?: Fields;
  /** A raw body (the photo upload) with its content type. */
  body?: { bytes: Blob | ArrayBuffer | Uint8Array<ArrayBuffer>; type: string };
  signal?: AbortSignal;
}

interface ApiSettings {
  baseUrl: string;
  fetch: typeof fetch;
  /** Sent with every call: the booking widget's frame names itself (`X-Booking-Embed`), so the server uses its own session cookie. */
  headers: Record<string, string>;
}

const settings: ApiSettings = { baseUrl: '', fetch: (...args) => globalThis.fetch(...args), headers: {} };

/** Points the client at another origin or fetch (tests run it against the in-process server), or adds headers. */
export function configureApi(overrides: Partial<ApiSettings>): void {
  Object.assign(settings, overrides);
}

function queryString(query: Fields | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function formData(fields: Fields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

/**
 * The envelope an answer is, or undefined. A failure whose `error` is the bare type name (the
 * three calls that answer the way the spec's own client reads them: grade creation, the photo
 * upload, create tutor; CONTRACT.md, "Envelope and encodings") reads as every other failure:
 * `error: {type, …the fields beside it}`.
 */
export function envelopeOf(value: unknown): Envelope<unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { status, error } = value as { status?: unknown; error?: unknown };
  if (status === 'success') return value as Envelope<unknown>;
  if (status !== 'failure') return undefined;
  if (typeof error === 'string') {
    const { status: _status, error: type, ...extra } = value as BareFailure;
    return { status: 'failure', error: { ...extra, type } };
  }
  if (typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string') return value as Failure;
  return undefined;
}

function badResponse(httpStatus: number): Failure {
  return { status: 'failure', error: { type: 'BadResponse', message: `Unexpected answer (HTTP ${httpStatus})` } };
}

/**
 * The only place the front end fetches. A GET that came with the page (first-answers.ts) is
 * answered from there. It returns the envelope whatever the HTTP status (docs/spec/contract.md: the body
 * decides), and a NetworkFailure when no answer arrived.
 */
export async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  let body: BodyInit | undefined;
  const headers: Record<string, string> = { ...settings.headers, accept: 'application/json' };
  if (options.form) body = formData(options.form);
  if (options.body) {
    body = options.body.bytes;
    headers['content-type'] = options.body.type;
  }
  const url = `${settings.baseUrl}${path}${queryString(options.query)}`;
  const first = method === 'GET' && !options.signal ? takeFirstAnswer(url) : undefined;
  if (first) return (envelopeOf(first[1]) as Envelope<T> | undefined) ?? badResponse(first[0]);
  let response: Response;
  try {
    response = await settings.fetch(url, {
      method,
      body,
      headers,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { status: 'network-error', error: { type: 'NetworkError', message: String((error as Error)?.message ?? error) } };
  }
  try {
    const parsed: unknown = await response.json();
    return (envelopeOf(parsed) as Envelope<T> | undefined) ?? badResponse(response.status);
  } catch {
    return badResponse(response.status);
  }
}

/** Encodes one path segment (ids are opaque strings to the client). */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** The path parameters of a declared route (`METHOD /path`), each an id or `myself`. */
export type RouteParams<R extends Route> = R extends `${string} ${infer Path}` ? Record<ParamNames<Path>, Id | 'myself'> : never;

type SendOptions<R extends Route> = Omit<RequestOptions, 'query'> & { query?: Fields } & ([ParamNames<R & string>] extends [never] ? { params?: undefined } : { params: RouteParams<R> });

/**
 * A declared call (src/contract/calls/): `route` is its `METHOD /path` exactly as declared (the
 * compiler refuses any other), its answer's type the declared one. Only types are imported from
 * the declarations, so no schema reaches the pages through here.
 */
export function send<R extends Route>(route: R, options?: SendOptions<R>): Promise<ApiResult<AnswerOfRoute<R>>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const params = (options?.params ?? {}) as Record<string, Id>;
  const path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => segment(params[name]!));
  return request<AnswerOfRoute<R>>(method, `/api${path}`, options);
}
