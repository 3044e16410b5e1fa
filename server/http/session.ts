import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/connection.ts';
import { type Account, type Auth, endSession, findSession, SESSION_DAYS, type SessionProof, startSession } from '../domain/sessions.ts';
import { noAuth, notAuthorized, Refusal } from '../domain/refusal.ts';

/** The session cookie's base name; over https it is sent as `__Host-sid` (see sessionCookieFor). */
export const SESSION_COOKIE = 'sid';

/**
 * How the session cookie is named and flagged. Over https it is `__Host-sid`: always Secure, Path=/
 * and no Domain, which the browser enforces, so neither a plain-http answer on the path to the user
 * nor a sibling subdomain can plant or overwrite it. Over http (the local demo) it is plain `sid`.
 */
export interface SessionCookie {
  prefix?: 'host';
  secure: boolean;
}

/**
 * Decided once from the configured site address, never from the request (its URL or an
 * X-Forwarded-Proto header), which a proxy or client could present either way.
 */
export function sessionCookieFor(siteUrl: string): SessionCookie {
  return new URL(siteUrl).protocol === 'https:' ? { prefix: 'host', secure: true } : { secure: false };
}

export type AppEnv = { Variables: { auth: Auth | null; sessionCookie: SessionCookie } };

/** Resolves the session cookie to the signed-in customer or tutor (or null) for every request. */
export function sessionMiddleware(db: Db, siteUrl: string): MiddlewareHandler<AppEnv> {
  const cookie = sessionCookieFor(siteUrl);
  return async (c, next) => {
    c.set('sessionCookie', cookie);
    const secret = getCookie(c, SESSION_COOKIE, cookie.prefix);
    c.set('auth', secret && secret.length <= 100 ? await findSession(db, secret) : null);
    await next();
  };
}

function cookieOf(c: Context<AppEnv>): SessionCookie {
  const cookie = c.get('sessionCookie');
  if (!cookie) throw new Error('sessionMiddleware must run before a session is started or ended');
  return cookie;
}

/** Starts a session: `unproven` only for the booking contact form's new account. */
export async function signIn(c: Context<AppEnv>, db: Db, account: Account, proof: SessionProof): Promise<void> {
  const cookie = cookieOf(c);
  const secret = await startSession(db, account, proof);
  setCookie(c, SESSION_COOKIE, secret, {
    prefix: cookie.prefix,
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookie.secure,
    path: '/',
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

/** Ends the request's session on the server (the row is deleted) and clears the cookie. */
export async function signOut(c: Context<AppEnv>, db: Db): Promise<void> {
  const cookie = cookieOf(c);
  const secret = getCookie(c, SESSION_COOKIE, cookie.prefix);
  if (secret) await endSession(db, secret);
  deleteCookie(c, SESSION_COOKIE, { prefix: cookie.prefix, path: '/', secure: cookie.secure, httpOnly: true, sameSite: 'Lax' });
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
