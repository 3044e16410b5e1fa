import type { Envelope, Failure } from '../contract/envelope.ts';
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

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { status, error } = value as { status?: unknown; error?: { type?: unknown } };
  if (status === 'success') return true;
  return status === 'failure' && typeof error === 'object' && error !== null && typeof error.type === 'string';
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
  if (first) return isEnvelope(first[1]) ? (first[1] as Envelope<T>) : badResponse(first[0]);
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
    return isEnvelope(parsed) ? (parsed as Envelope<T>) : badResponse(response.status);
  } catch {
    return badResponse(response.status);
  }
}

/** Encodes one path segment (ids are opaque strings to the client). */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
