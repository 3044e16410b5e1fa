/**
 * Every call of the API, declared once (src/contract/calls/declare.ts says how), grouped by the
 * resource its path names. The server routes each (server/routes/), the OpenAPI document lists
 * each (GET /api/openapi.json), and the client's calls are typed by them (src/api/http.ts).
 */
import type { AnswerOf, Call, RouteOf } from './declare.ts';
import { catalogCalls } from './catalog.ts';
import { customerCalls } from './customers.ts';
import { gradebookCalls } from './gradebooks.ts';
import { meetingCalls } from './meetings.ts';
import { referenceCalls } from './reference.ts';
import { signInCalls } from './sign-in.ts';
import { accountCalls, payrollCalls } from './staff.ts';
import { tutorCalls } from './tutors.ts';

export const calls = {
  ...signInCalls,
  ...catalogCalls,
  ...tutorCalls,
  ...meetingCalls,
  ...customerCalls,
  ...gradebookCalls,
  ...payrollCalls,
  ...accountCalls,
  ...referenceCalls,
};

export type Calls = typeof calls;
export type CallName = keyof Calls;

/** `METHOD /path` → the call's declaration, for the client's typed requests. */
export type CallsByRoute = { [K in CallName as RouteOf<Calls[K]>]: Calls[K] };
export type Route = keyof CallsByRoute;
export type AnswerOfRoute<R extends Route> = CallsByRoute[R] extends Call ? AnswerOf<CallsByRoute[R]> : never;
