import { atom } from 'nanostores';
import { checkAuth } from '../../api/auth.ts';
import type { AuthData } from '../../contract/entities.ts';

/** Who is signed in, as far as the page knows: unknown until checked. */
export type AuthState = { state: 'unknown' } | { state: 'anonymous' } | { state: 'signed-in'; auth: AuthData };

export const $auth = atom<AuthState>({ state: 'unknown' });

/** Asks the server once per page (GET /api/checkauth); any failure reads as not signed in. */
export async function loadAuth(): Promise<AuthState> {
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

/** Where a user of this type lands after signing in. */
export function dashboardPath(userType: string): string | undefined {
  if (userType === 'customer') return '/student/dashboard';
  if (userType === 'tutor') return '/tutors/myself/dashboard';
  return undefined;
}
