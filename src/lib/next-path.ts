/**
 * Where to land after signing in (`next`): only one of this site's own dashboard addresses, so a
 * link cannot send someone elsewhere after they sign in (no open redirect). The same check runs on
 * the server (the login link it emails) and in the browser (the page it goes to).
 */
const STUDENT = /^\/student\/dashboard(\/[A-Za-z0-9_-]+)*\/?$/;
const TUTOR = /^\/tutors\/(\d{1,9}|myself)\/dashboard(\/[A-Za-z0-9_-]+)*\/?$/;
/** A query of plain characters (the team view keeps its dates there). */
const QUERY = /^(\?[A-Za-z0-9=&%._-]{0,200})?$/;

/** `value` when it is a dashboard address of this site (path and an optional plain query), else null. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 300) return null;
  const queryAt = value.indexOf('?');
  const path = queryAt === -1 ? value : value.slice(0, queryAt);
  const query = queryAt === -1 ? '' : value.slice(queryAt);
  if (!QUERY.test(query)) return null;
  return STUDENT.test(path) || TUTOR.test(path) ? value : null;
}

/** The address to land on for this account: `next` when it is one of their dashboards, else null. */
export function nextFor(value: string | null | undefined, userType: string | undefined): string | null {
  const next = safeNextPath(value);
  if (!next) return null;
  if (userType === 'customer') return next.startsWith('/student/') ? next : null;
  if (userType === 'tutor') return next.startsWith('/tutors/') ? next : null;
  return null;
}

/** Where a user of this type lands after signing in. */
export function dashboardPath(userType: string): string | undefined {
  if (userType === 'customer') return '/student/dashboard';
  if (userType === 'tutor') return '/tutors/myself/dashboard';
  return undefined;
}

/** The home page that asks to sign in and then comes back to `path` (a dashboard address). */
export const signInToContinue = (path: string) => `/?next=${encodeURIComponent(path)}`;

/** Shown with the login dialog when a dashboard address sent a signed-out visitor home. */
export const SIGN_IN_TO_CONTINUE = 'Please log in to continue';
