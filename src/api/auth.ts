import type { Id, UserType } from '../contract/entities.ts';
import { normalizeEmail } from '../lib/email.ts';
import { send } from './http.ts';

/** The hero's user-type lookup: data.user_type, or the failure NoAuth without a session. */
export const CHECK_AUTH = '/api/checkauth';
export const checkAuth = () => send('GET /checkauth');

/** Emails a magic link; `{status: "success"}` once it is sent. */
/** `next`: the dashboard address the emailed link leads back to (docs/contract-extensions.md). */
export const requestLoginLink = (userType: UserType, email: string, next?: string) =>
  send('POST /login', { query: { user_type: userType, email: normalizeEmail(email), next } });

/** Exchanges an emailed token for a session (OtherAccountSignedIn when the browser is signed in to another account). */
export const loginWithToken = (token: string) => send('GET /login', { query: { token } });

/** 'Continue as …' after OtherAccountSignedIn: spends the token and replaces the browser's sign-in. */
export const continueWithToken = (token: string) => send('POST /login/continue', { form: { token } });

/**
 * Texts a login code to the phone of the account with this email, or (docs/contract-extensions.md)
 * of the customer with this phone. The caller normalises them (normalizeEmail, normalizePhone): this
 * module is in every page's first load, so it stays as small as it can.
 */
export const requestVerificationCode = (form: { email: string } | { phone: string }) => send('POST /verification', { form });

/** Checks a texted code; success starts a session (OtherAccountSignedIn when the browser is signed in to another account). */
export const verifyCode = (codeId: Id, code: string) =>
  send('GET /verification', { query: { code_id: codeId, code } });

/** 'Continue as …' after OtherAccountSignedIn: checks the code and replaces the browser's sign-in. */
export const continueWithCode = (codeId: Id, code: string) => send('POST /verification/continue', { form: { code_id: codeId, code } });

export const logout = () => send('POST /logout');
