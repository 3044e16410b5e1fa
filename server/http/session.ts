import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/connection.ts';
import { type Account, type Auth, endSession, findSession, SESSION_DAYS, startSession } from '../domain/sessions.ts';
import { noAuth, notAuthorized, Refusal } from '../domain/refusal.ts';

export const SESSION_COOKIE = 'sid';

export type AppEnv = { Variables: { auth: Auth | null } };

/** Resolves the session cookie to the signed-in customer or tutor (or null) for every request. */
export function sessionMiddleware(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = getCookie(c, SESSION_COOKIE);
    c.set('auth', secret && secret.length <= 100 ? await findSession(db, secret) : null);
    await next();
  };
}

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

export async function signIn(c: Context, db: Db, account: Account): Promise<void> {
  const secret = await startSession(db, account);
  setCookie(c, SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export async function signOut(c: Context, db: Db): Promise<void> {
  const secret = getCookie(c, SESSION_COOKIE);
  if (secret) await endSession(db, secret);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

export function requireAuth(c: Context<AppEnv>): Auth {
  const auth = c.get('auth');
  if (!auth) throw noAuth();
  return auth;
}

export function requireCustomer(c: Context<AppEnv>, refusal: 'NotAuthorized' | 'Unauthorized' = 'NotAuthorized') {
  const auth = requireAuth(c);
  if (auth.userType !== 'customer') throw refusal === 'NotAuthorized' ? notAuthorized() : new Refusal('Unauthorized');
  return auth;
}

export function requireTutor(c: Context<AppEnv>) {
  const auth = requireAuth(c);
  if (auth.userType !== 'tutor' || auth.role === 'Archived') throw notAuthorized();
  return auth;
}

/** The team's calls: a supervisor's session only. */
export function requireSupervisor(c: Context<AppEnv>) {
  const auth = requireTutor(c);
  if (auth.role !== 'Supervisor') throw notAuthorized();
  return auth;
}

export function isSupervisor(auth: Auth | null): boolean {
  return auth?.userType === 'tutor' && auth.role === 'Supervisor';
}

export function isStaff(auth: Auth | null): boolean {
  return auth?.userType === 'tutor' && auth.role !== 'Archived';
}

/**
 * `myself` → the session's tutor; another tutor's id only for a supervisor (or the tutor themself).
 */
export function resolveTutorId(c: Context<AppEnv>, value: 'myself' | number): number {
  const auth = requireTutor(c);
  if (value === 'myself' || value === auth.tutorId) return auth.tutorId;
  if (auth.role !== 'Supervisor') throw notAuthorized();
  return value;
}
