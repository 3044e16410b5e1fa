import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Success } from '../../src/contract/envelope.ts';
import { nowMs } from '../clock.ts';
import { type Encoding, encode, preferredEncoding, COMPRESS_ABOVE_BYTES } from '../http/compression.ts';
import type { DataChanges, Topic } from './data-changes.ts';

/** A success envelope, serialized once, with its ETag and its compressed forms made on demand. */
export interface CachedAnswer {
  json: string;
  etag: string;
  encoded: Partial<Record<Encoding, Uint8Array>>;
}

interface Entry {
  answer: CachedAnswer;
  generations: number[];
  /** Clock times (clock.ts) between which the answer holds, when nothing is written. */
  computedAtMs: number;
  validUntilMs: number;
}

export interface Computed<T> {
  data: T;
  /** When the answer changes by the passing of time alone (a hold running out, a meeting starting). */
  validUntilMs?: number;
}

export interface AnswerCacheOptions {
  /** Tables' topics the answers are computed from (data-changes.ts). */
  topics: readonly Topic[];
  /** The longest an answer is kept when nothing it depends on is written. */
  maxAgeMs: number;
  /**
   * Distinct keys, and bytes of JSON, kept at most; the oldest answers are dropped first (keys
   * come from request parameters, so this bounds the memory a client can make the cache use).
   */
  maxEntries: number;
  maxBytes: number;
}

/**
 * Answers of reads kept in memory, keyed by the read's parameters, until a write to the tables
 * they come from (on any instance: data-changes.ts) or the time they hold until. Concurrent
 * reads of one missing key share one computation, provided nothing was written since it began.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly computing = new Map<string, { generations: number[]; answer: Promise<CachedAnswer> }>();

  private readonly changes: DataChanges;
  private readonly options: AnswerCacheOptions;

  constructor(changes: DataChanges, options: AnswerCacheOptions) {
    this.changes = changes;
    this.options = options;
  }

  private currentGenerations(): number[] {
    return this.options.topics.map((topic) => this.changes.generation(topic));
  }

  async get<T>(key: string, compute: () => Promise<Computed<T>>): Promise<CachedAnswer> {
    const generations = this.currentGenerations();
    const entry = this.entries.get(key);
    const now = nowMs();
    if (entry && sameGenerations(entry.generations, generations) && now >= entry.computedAtMs && now < entry.validUntilMs) return entry.answer;
    const running = this.computing.get(key);
    if (running && sameGenerations(running.generations, generations)) return running.answer;

    const answer = (async () => {
      const computedAtMs = nowMs();
      const { data, validUntilMs } = await compute();
      const body: Success<T> = { status: 'success', data };
      const json = JSON.stringify(body);
      const cached: CachedAnswer = { json, etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`, encoded: {} };
      // Kept under the generations read before computing: a write meanwhile makes it stale at once.
      if (this.changes.canCache && json.length <= this.options.maxBytes) {
        this.drop(key);
        this.entries.set(key, { answer: cached, generations, computedAtMs, validUntilMs: Math.min(validUntilMs ?? Infinity, computedAtMs + this.options.maxAgeMs) });
        this.bytes += json.length;
        while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) this.drop(this.entries.keys().next().value!);
      }
      return cached;
    })();
    this.computing.set(key, { generations, answer });
    try {
      return await answer;
    } finally {
      if (this.computing.get(key)?.answer === answer) this.computing.delete(key);
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.answer.json.length;
  }
}

function sameGenerations(a: number[], b: number[]): boolean {
  return a.every((value, i) => value === b[i]);
}

/** Whether the request's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matchesEtag(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Answers with a cached answer: 304 when the client holds it already, else its bytes, compressed
 * when the client accepts it and it is worth it (each form is compressed once, then reused).
 */
export function sendCachedAnswer(c: Context, answer: CachedAnswer, cacheControl: string, { varyOnCookie = false } = {}): Response {
  const headers: Record<string, string> = { etag: answer.etag, 'cache-control': cacheControl, vary: varyOnCookie ? 'accept-encoding, cookie' : 'accept-encoding' };
  if (matchesEtag(c, answer.etag)) return c.body(null, 304, headers);
  headers['content-type'] = 'application/json';
  const encoding = answer.json.length > COMPRESS_ABOVE_BYTES ? preferredEncoding(c.req.header('accept-encoding')) : undefined;
  if (!encoding) return c.body(answer.json, 200, headers);
  headers['content-encoding'] = encoding;
  const bytes = (answer.encoded[encoding] ??= encode(encoding, Buffer.from(answer.json)));
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
}
