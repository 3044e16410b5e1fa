import type { Context } from 'hono';
import { Refusal } from '../domain/refusal.ts';
import type { AuthData, LoginResult } from '../../src/contract/entities.ts';
import { nextFor } from '../../src/lib/next-path.ts';
import {
  formFields,
  loginContinueForm,
  loginTokenQuery,
  verificationByPhoneForm,
  verificationContinueForm,
  verificationRequestForm,
} from '../../src/contract/schemas.ts';
import { linkRefusal, redeemLoginCode, redeemLoginLink, sendLoginCode, sendLoginLink, type SignedIn } from '../domain/sign-in/auth.ts';
import { type Auth, findSignInAccount } from '../domain/sign-in/sign-ins.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/declared.ts';
import { signInCalls as calls } from '../../src/contract/calls/sign-in.ts';
import type { RouteDeps } from './deps.ts';
import { noAuth } from '../domain/refusal.ts';
import { router } from '../http/router.ts';
import { type AppEnv, setSignInCookie, signOut } from '../http/sign-in.ts';
import { parseFields, parseForm } from '../http/validate.ts';
import { textLoginEnabled } from '../notify/index.ts';
import { RATE_LIMITS } from '../domain/sign-in/rate-limits.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { identifiedClientAddress, UNKNOWN_ADDRESS } from '../http/client-address.ts';
import { rememberSignInAddress } from '../domain/sign-in/sign-in-addresses.ts';
import { SIGN_IN_FLOORS, withEvenTiming } from '../http/even-timing.ts';

export function authData(auth: Auth): AuthData {
  return auth.userType === 'customer'
    ? { user_type: 'customer', customer: { id: auth.customerId, firstname: auth.firstname } }
    : { user_type: 'tutor', tutor: { id: auth.tutorId, name: auth.name, role: auth.role } };
}

/** Sign-in calls (/login, /verification, /checkauth, /logout): magic link, texted code, who am I, log out. */
export function signInRoutes({ db, sender, siteUrl, log, signInFloors: floors = SIGN_IN_FLOORS }: RouteDeps) {
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

  serve(app, calls.checkAuth, (c, input) => {
    const auth = c.get('auth');
    if (!auth) throw noAuth();
    return input.answer(authData(auth));
  });

  serve(app, calls.requestLoginLink, async (c, input) => {
    const { user_type, email, next } = input.query();
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

  serve(app, calls.loginWithToken, async (c) => {
    // The contract answers BadToken for any token that cannot be one (missing, empty, `null`,
    // malformed), as for an unknown one: the login screen shows the same message for all.
    const parsed = loginTokenQuery.safeParse(c.req.query());
    if (!parsed.success) throw linkRefusal('malformed');
    return loginByLink(c, parsed.data.token, false);
  });

  // The person's 'Continue as …' after OtherAccountSignedIn: a POST, which only our pages can send.
  serve(app, calls.continueWithToken, async (c) => {
    const parsed = loginContinueForm.safeParse(await parseForm(c, formFields));
    if (!parsed.success) throw linkRefusal('malformed');
    return loginByLink(c, parsed.data.token, true);
  });

  serve(app, calls.requestVerificationCode, async (c, input) => {
    // The same answer for every email, at once: it tells nothing about accounts.
    if (!textLoginEnabled(sender)) throw new Refusal('TextLoginOff');
    // Form `email` (the contract), or `phone` without an email (docs/contract-extensions.md).
    const fields = await parseForm(c, formFields);
    const to = fields.email === undefined && fields.phone !== undefined ? parseFields(verificationByPhoneForm, fields) : parseFields(verificationRequestForm, fields);
    await enforceRateLimit(c, db, RATE_LIMITS.loginCode, []);
    return input.answer(await withEvenTiming(floors.codeMs, log, (pace) => sendLoginCode(db, pace(sender), to, identifiedClientAddress(c))));
  });

  /** Checks a texted code: signs in at once, unless the browser is signed in to another account (sign-in-switch.ts). */
  async function loginByCode(c: Context<AppEnv>, { code_id, code }: { code_id: string; code: string }, replace: boolean) {
    const signedIn = await redeemLoginCode(db, code_id, code, c.get('clientAddress') ?? UNKNOWN_ADDRESS, { held: c.get('auth'), replace });
    await signInAfterProof(c, signedIn);
    return ok(c, authData(await findSignInAccount(db, signedIn.account)));
  }

  serve(app, calls.verifyCode, async (c, input) => loginByCode(c, input.query(), false));

  // The person's 'Continue as …' after OtherAccountSignedIn: a POST, which only our pages can send.
  serve(app, calls.continueWithCode, async (c) => loginByCode(c, parseFields(verificationContinueForm, await parseForm(c, formFields)), true));

  serve(app, calls.logout, async (c, input) => {
    await signOut(c, db);
    return input.answer(null);
  });

  return app;
}
