import type { AuthData, Id, LoginResult, UserType, VerificationRequest } from '../contract/entities.ts';
import { normalizeEmail } from '../lib/email.ts';
import { request } from './http.ts';

/** The hero's user-type lookup: data.user_type, or the failure NoAuth without a session. */
export const CHECK_AUTH = '/api/checkauth';
export const checkAuth = () => request<AuthData>('GET', CHECK_AUTH);

/** Emails a magic link; `{status: "success"}` once it is sent. */
/** `next`: the dashboard address the emailed link leads back to (docs/contract-extensions.md). */
export const requestLoginLink = (userType: UserType, email: string, next?: string) =>
  request<undefined>('POST', '/api/login', { query: { user_type: userType, email: normalizeEmail(email), next } });

/** Exchanges an emailed token for a session (OtherAccountSignedIn when the browser is signed in to another account). */
export const loginWithToken = (token: string) => request<LoginResult>('GET', '/api/login', { query: { token } });

/** 'Continue as …' after OtherAccountSignedIn: spends the token and replaces the browser's sign-in. */
export const continueWithToken = (token: string) => request<LoginResult>('POST', '/api/login/continue', { form: { token } });

/**
 * Texts a login code to the phone of the account with this email, or (docs/contract-extensions.md)
 * of the customer with this phone. The caller normalises them (normalizeEmail, normalizePhone): this
 * module is in every page's first load, so it stays as small as it can.
 */
export const requestVerificationCode = (form: { email: string } | { phone: string }) => request<VerificationRequest>('POST', '/api/verification', { form });

/** Checks a texted code; success starts a session (OtherAccountSignedIn when the browser is signed in to another account). */
export const verifyCode = (codeId: Id, code: string) =>
  request<AuthData>('GET', '/api/verification', { query: { code_id: codeId, code } });

/** 'Continue as …' after OtherAccountSignedIn: checks the code and replaces the browser's sign-in. */
export const continueWithCode = (codeId: Id, code: string) => request<AuthData>('POST', '/api/verification/continue', { form: { code_id: codeId, code } });

export const logout = () => request<null>('POST', '/api/logout');
