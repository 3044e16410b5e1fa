import type { Context } from 'hono';
import { Refusal } from '../domain/refusal.ts';
import type { AuthData, LoginResult } from '../../src/contract/entities.ts';
import { nextFor } from '../../src/lib/next-path.ts';
import {
  formFields,
  loginContinueForm,
  loginRequestQuery,
  loginTokenQuery,
  verificationByPhoneForm,
  verificationCheckQuery,
  verificationContinueForm,
  verificationRequestForm,
} from '../../src/contract/schemas.ts';
import type { Db } from '../domain/handle.ts';
import { linkRefusal, redeemLoginCode, redeemLoginLink, sendLoginCode, sendLoginLink, type SignedIn } from '../domain/auth.ts';
import { type Auth, findSignInAccount } from '../domain/sign-ins.ts';
import { ok } from '../http/envelope.ts';
import { noAuth } from '../domain/refusal.ts';
import { router } from '../http/router.ts';
import { type AppEnv, setSignInCookie, signOut } from '../http/sign-in.ts';
import { parseFields, parseForm, parseQuery } from '../http/validate.ts';
import type { Sender } from '../notify/sender.ts';
import { textLoginEnabled } from '../notify/index.ts';
import { RATE_LIMITS } from '../domain/rate-limits.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { identifiedClientAddress, UNKNOWN_ADDRESS } from '../http/client-address.ts';
import { rememberSignInAddress } from '../domain/sign-in-addresses.ts';
import { SIGN_IN_FLOORS, type SignInFloors, withEvenTiming } from '../http/even-timing.ts';

export function authData(auth: Auth): AuthData {
  return auth.userType === 'customer'
    ? { user_type: 'customer', customer: { id: auth.customerId, firstname: auth.firstname } }
    : { user_type: 'tutor', tutor: { id: auth.tutorId, name: auth.name, role: auth.role } };
}

/** Sign-in calls: magic link, texted code, who am I, log out. */
export function authRoutes(db: Db, sender: Sender, siteUrl: string, log: (line: string) => void = console.log, floors: SignInFloors = SIGN_IN_FLOORS) {
  const app = router();

  /**
   * After a link or code, whose redemption wrote the new sign-in (under the account's lock:
   * domain/auth.ts): the browser's previous sign-in (of any account) ends, and the cookie names the
   * new one. The client address is remembered for the account, so its sign-in requests from there
   * are never held back by the per-email limits that strangers can fill (sign-in-addresses.ts).
   */
  async function signInAfterProof(c: Context<AppEnv>, { account, userType, secret }: SignedIn) {
    await signOut(c, db);
    setSignInCookie(c, secret);
    await rememberSignInAddress(db, account, identifiedClientAddress(c));
    return userType;
  }

  app.get('/checkauth', (c) => {
    const auth = c.get('auth');
    if (!auth) throw noAuth();
    return ok(c, authData(auth));
  });

  app.post('/login', async (c) => {
    const { user_type, email, next } = parseQuery(c, loginRequestQuery);
    // Per address here; per email in sendLoginLink, which knows whether the account signed in from this address.
    await enforceRateLimit(c, db, RATE_LIMITS.loginLink, []);
    await withEvenTiming(floors.linkMs, log, (pace) => sendLoginLink(db, pace(sender), siteUrl, user_type, email, identifiedClientAddress(c), nextFor(next, user_type)));
    return c.json({ status: 'success' as const });
  });

  /** Spends a login link: at once, unless the browser is signed in to another account (sign-in-switch.ts). */
  async function loginByLink(c: Context<AppEnv>, token: string, replace: boolean) {
    const result: LoginResult = { token: { user_type: await signInAfterProof(c, await redeemLoginLink(db, token, { held: c.get('auth'), replace })) } };
    return ok(c, result);
  }

  app.get('/login', async (c) => {
    // The contract answers BadToken for any token that cannot be one (missing, empty, `null`,
    // malformed), as for an unknown one: the login screen shows the same message for all.
    const parsed = loginTokenQuery.safeParse(c.req.query());
    if (!parsed.success) throw linkRefusal('malformed');
    return loginByLink(c, parsed.data.token, false);
  });

  // The person's 'Continue as …' after OtherAccountSignedIn: a POST, which only our pages can send.
  app.post('/login/continue', async (c) => {
    const parsed = loginContinueForm.safeParse(await parseForm(c, formFields));
    if (!parsed.success) throw linkRefusal('malformed');
    return loginByLink(c, parsed.data.token, true);
  });

  app.post('/verification', async (c) => {
    // The same answer for every email, at once: it tells nothing about accounts.
    if (!textLoginEnabled(sender)) throw new Refusal('TextLoginOff');
    // Form `email` (the contract), or `phone` without an email (docs/contract-extensions.md).
    const fields = await parseForm(c, formFields);
    const to = fields.email === undefined && fields.phone !== undefined ? parseFields(verificationByPhoneForm, fields) : parseFields(verificationRequestForm, fields);
    await enforceRateLimit(c, db, RATE_LIMITS.loginCode, []);
    return ok(c, await withEvenTiming(floors.codeMs, log, (pace) => sendLoginCode(db, pace(sender), to, identifiedClientAddress(c))), 201);
  });

  /** Checks a texted code: signs in at once, unless the browser is signed in to another account (sign-in-switch.ts). */
  async function loginByCode(c: Context<AppEnv>, { code_id, code }: { code_id: string; code: string }, replace: boolean) {
    const signedIn = await redeemLoginCode(db, code_id, code, c.get('clientAddress') ?? UNKNOWN_ADDRESS, { held: c.get('auth'), replace });
    await signInAfterProof(c, signedIn);
    return ok(c, authData(await findSignInAccount(db, signedIn.account)));
  }

  app.get('/verification', async (c) => loginByCode(c, parseQuery(c, verificationCheckQuery), false));

  // The person's 'Continue as …' after OtherAccountSignedIn: a POST, which only our pages can send.
  app.post('/verification/continue', async (c) => loginByCode(c, parseFields(verificationContinueForm, await parseForm(c, formFields)), true));

  app.post('/logout', async (c) => {
    await signOut(c, db);
    return ok(c, null);
  });

  return app;
}
