import { z } from 'zod';
import type { AuthData, HealthStatus, LoginResult, VerificationRequest } from '../entities.ts';
import { loginContinueForm, loginRequestQuery, loginTokenQuery, verificationByPhoneForm, verificationCheckQuery, verificationContinueForm, verificationRequestForm } from '../schemas.ts';
import { declare, entity, noData, nothing } from './declare.ts';

/** Signing in (by emailed link or texted code), who is signed in, signing out; and the server's health. */
export const signInCalls = {
  health: declare({
    method: 'GET',
    path: '/health',
    summary: 'Whether the server and its database answer',
    access: 'anyone',
    answer: entity<HealthStatus>('HealthStatus'),
    errors: [],
  }),
  checkAuth: declare({
    method: 'GET',
    path: '/checkauth',
    summary: 'Who is signed in (NoAuth when nobody is)',
    access: 'signed-in',
    answer: entity<AuthData>('AuthData'),
    errors: [],
  }),
  requestLoginLink: declare({
    method: 'POST',
    path: '/login',
    summary: 'Emails a sign-in link to the account with this email',
    description: 'Answers `{"status": "success"}` without `data`, as the spec’s client expects. `next`: the dashboard address the link leads to after signing in.',
    access: 'anyone',
    query: loginRequestQuery,
    answer: noData,
    errors: ['UserNotFound', 'TooSoon'],
  }),
  loginWithToken: declare({
    method: 'GET',
    path: '/login',
    summary: 'Spends an emailed sign-in link’s token and signs in',
    access: 'anyone',
    query: loginTokenQuery,
    answer: entity<LoginResult>('LoginResult'),
    errors: ['BadToken', 'OldToken', 'OtherAccountSignedIn'],
  }),
  continueWithToken: declare({
    method: 'POST',
    path: '/login/continue',
    summary: 'Spends a sign-in link’s token in a browser signed in to another account, replacing that sign-in',
    access: 'anyone',
    form: loginContinueForm,
    answer: entity<LoginResult>('LoginResult'),
    errors: ['BadToken', 'OldToken'],
  }),
  requestVerificationCode: declare({
    method: 'POST',
    path: '/verification',
    summary: 'Texts a sign-in code to the phone of the account with this email (or this phone)',
    access: 'anyone',
    form: z.union([verificationRequestForm, verificationByPhoneForm]),
    answer: entity<VerificationRequest>('VerificationRequest'),
    created: true,
    errors: ['UserNotFound', 'TooSoon', 'TextNotSent', 'TextLimit', 'BadPhone', 'TextLoginOff'],
  }),
  verifyCode: declare({
    method: 'GET',
    path: '/verification',
    summary: 'Checks a texted code and signs in',
    access: 'anyone',
    query: verificationCheckQuery,
    answer: entity<AuthData>('AuthData'),
    errors: ['BadCode', 'OldCode', 'TooManyAttempts', 'OtherAccountSignedIn'],
  }),
  continueWithCode: declare({
    method: 'POST',
    path: '/verification/continue',
    summary: 'Checks a texted code in a browser signed in to another account, replacing that sign-in',
    access: 'anyone',
    form: verificationContinueForm,
    answer: entity<AuthData>('AuthData'),
    errors: ['BadCode', 'OldCode', 'TooManyAttempts'],
  }),
  logout: declare({
    method: 'POST',
    path: '/logout',
    summary: 'Signs out',
    access: 'anyone',
    answer: nothing,
    errors: [],
  }),
};
