import { atom } from 'nanostores';
import { CHECK_AUTH, checkAuth } from './auth.ts';
import { firstData } from './first-answers.ts';
import type { AuthData } from '../contract/entities.ts';

/** Who is signed in, as far as the page knows: unknown until checked. */
export type AuthState = { state: 'unknown' } | { state: 'anonymous' } | { state: 'signed-in'; auth: AuthData };

export const $auth = atom<AuthState>({ state: 'unknown' });

/**
 * Asks the server once per page (GET /api/checkauth); any failure reads as not signed in. A
 * dashboard page that came with the answer (src/api/first-answers.ts) reads it there, and leaves
 * it for the page's other readers: whichever part of the page hydrates first, nobody asks again.
 */
export async function loadAuth(): Promise<AuthState> {
  const fromPage = firstData<AuthData>(CHECK_AUTH);
  if (fromPage) {
    const known: AuthState = { state: 'signed-in', auth: fromPage };
    $auth.set(known);
    return known;
  }
  const result = await checkAuth();
  const next: AuthState = result.status === 'success' ? { state: 'signed-in', auth: result.data } : { state: 'anonymous' };
  $auth.set(next);
  return next;
}

let asked: Promise<AuthState> | undefined;

/** Asks the server once for the whole page, however many components want to know. */
export function ensureAuth(): Promise<AuthState> {
  asked ??= loadAuth();
  return asked;
}

