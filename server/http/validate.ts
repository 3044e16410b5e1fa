import type { Context } from 'hono';
import type { z } from 'zod';
import { Refusal } from '../domain/refusal.ts';

/**
 * PostgreSQL cannot store a NUL character in text (it fails the whole statement), so no field of
 * any call may carry one: refused here once for every field, named like a schema's refusal.
 */
function refuseNul(input: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('\0')) throw new Refusal('BadInput', { fields: { _: 'Field names must not contain NUL characters' } });
    if (typeof value === 'string' && value.includes('\0')) throw new Refusal('BadInput', { fields: { [key]: 'Must not contain NUL characters' } });
  }
}

/** BadInput names each field that failed and why, so a client can show it next to the field. */
export function parseFields<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  refuseNul(input);
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new Refusal('BadInput', { fields });
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseFields(schema, c.req.query());
}

/** Form fields from multipart/form-data or application/x-www-form-urlencoded (files are refused). */
export async function parseForm<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  let fields: Record<string, unknown> = {};
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    try {
      fields = await c.req.parseBody();
    } catch {
      throw new Refusal('BadInput', { fields: { _: 'Malformed form body' } });
    }
  }
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string') throw new Refusal('BadInput', { fields: { [key]: 'Expected text' } });
  }
  return parseFields(schema, fields);
}

export function parseParam<S extends z.ZodType>(c: Context, name: string, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.param(name));
  if (!parsed.success) throw new Refusal('NotFound', { fields: { [name]: 'Not a valid id' } });
  return parsed.data;
}

/**
 * A raw body of at most `maxBytes` (a call's own cap, below the app's 5 MB), read once the caller
 * has checked the sign-in, so a stranger is told NoAuth whatever they send; null when it is larger.
 */
export async function readBodyUpTo(c: Context, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > maxBytes) return null;
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
