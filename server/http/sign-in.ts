import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/db.ts';
import { type Account, type Auth, endSignIn, findSignIn, SIGN_IN_DAYS, type SignInProof, startSignIn } from '../domain/sign-in/sign-ins.ts';
import { noAuth, notAuthorized, Refusal } from '../domain/refusal.ts';

/** The sign-in cookie's base name; over https it is sent as `__Host-sid` (see signInCookieFor). */
export const SIGN_IN_COOKIE = 'sid';
/** The booking widget's frame's sign-in cookie (decision 020); `__Host-esid` over https. */
export const EMBED_SIGN_IN_COOKIE = 'esid';
/** The request header the embed page's API client sends on every call: this request is the frame's. */
export const EMBED_HEADER = 'x-booking-embed';

/**
 * How a sign-in cookie is named and flagged. Over https it is `__Host-…`: always Secure, Path=/
 * and no Domain, which the browser enforces, so neither a plain-http answer on the path to the user
 * nor a sibling subdomain can plant or overwrite it. Over http (the local demo) it is plain.
 *
 * The first-party cookie (`sid`) is SameSite=Lax. The frame's (`esid`) is read inside other sites'
 * pages, so it is SameSite=None, and Partitioned (CHIPS): the browser keeps a separate jar per
 * top-level site, which is what lets it through where third-party cookies are blocked. Partitioned
 * needs Secure, which browsers accept on http://localhost and 127.0.0.1, so it is always Secure.
 */
export interface SignInCookie {
  name: typeof SIGN_IN_COOKIE | typeof EMBED_SIGN_IN_COOKIE;
  prefix?: 'host';
  secure: boolean;
  sameSite: 'Lax' | 'None';
  partitioned: boolean;
}

/**
 * The cookie of a request: decided from the configured site address, never from the request's URL
 * or an X-Forwarded-Proto header (which a proxy or client could present either way), and from
 * whether the request is the embed frame's (its header). A request uses only its own cookie: the
 * frame's never signs in a request without the header, the first-party one never one with it.
 */
export function signInCookieFor(siteUrl: string, embedded = false): SignInCookie {
  const https = new URL(siteUrl).protocol === 'https:';
  const prefix = https ? { prefix: 'host' as const } : {};
  if (embedded) return { name: EMBED_SIGN_IN_COOKIE, ...prefix, secure: true, sameSite: 'None', partitioned: true };
  return { name: SIGN_IN_COOKIE, ...prefix, secure: https, sameSite: 'Lax', partitioned: false };
}

/** Whether a request comes from the booking widget's frame (`X-Booking-Embed: 1`). */
export function isEmbedRequest(c: Context): boolean {
  return c.req.header(EMBED_HEADER) === '1';
}

export type AppEnv = { Variables: { auth: Auth | null; signInCookie: SignInCookie } };

/** Resolves the request's sign-in cookie to the signed-in customer or tutor (or null) for every request. */
export function signInMiddleware(db: Db, siteUrl: string): MiddlewareHandler<AppEnv> {
  const firstParty = signInCookieFor(siteUrl, false);
  const embed = signInCookieFor(siteUrl, true);
  return async (c, next) => {
    const cookie = isEmbedRequest(c) ? embed : firstParty;
    c.set('signInCookie', cookie);
    const secret = getCookie(c, cookie.name, cookie.prefix);
    c.set('auth', secret && secret.length <= 100 ? await findSignIn(db, secret) : null);
    await next();
  };
}

function cookieOf(c: Context<AppEnv>): SignInCookie {
  const cookie = c.get('signInCookie');
  if (!cookie) throw new Error('signInMiddleware must run before a sign-in is started or ended');
  return cookie;
}

/** The attributes a cookie is set and cleared with (a clear must match them to replace it). */
function cookieOptions(cookie: SignInCookie) {
  return { prefix: cookie.prefix, httpOnly: true, sameSite: cookie.sameSite, secure: cookie.secure, partitioned: cookie.partitioned || undefined, path: '/' } as const;
}

/** Starts a sign-in in the request's cookie: `unproven` only for the booking contact form's new account. */
export async function signIn(c: Context<AppEnv>, db: Db, account: Account, proof: SignInProof): Promise<void> {
  setSignInCookie(c, await startSignIn(db, account, proof));
}

/** Names a sign-in already written (a login link's or code's, written as it was spent) in the request's cookie. */
export function setSignInCookie(c: Context<AppEnv>, secret: string): void {
  const cookie = cookieOf(c);
  setCookie(c, cookie.name, secret, { ...cookieOptions(cookie), maxAge: SIGN_IN_DAYS * 24 * 3600 });
}

/** Ends the request's sign-in on the server (the row is deleted) and clears its cookie. */
export async function signOut(c: Context<AppEnv>, db: Db): Promise<void> {
  const cookie = cookieOf(c);
  const secret = getCookie(c, cookie.name, cookie.prefix);
  if (secret) await endSignIn(db, secret);
  deleteCookie(c, cookie.name, cookieOptions(cookie));
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

/** The team's calls: a supervisor's sign-in only. */
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
 * `myself` → the signed-in tutor; another tutor's id only for a supervisor (or the tutor themself).
 */
export function resolveTutorId(c: Context<AppEnv>, value: 'myself' | number): number {
  const auth = requireTutor(c);
  if (value === 'myself' || value === auth.tutorId) return auth.tutorId;
  if (auth.role !== 'Supervisor') throw notAuthorized();
  return value;
}
