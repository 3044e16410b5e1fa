/**
 * A dashboard page whose sign-in has ended: home, which asks to sign in and then comes back here
 * (the home page checks the address: next-path.ts, whose signInToContinue writes the same one).
 * Not in next-path.ts, and not built on it: the dashboards would then load that chunk of the home
 * page's scripts as one more request.
 */
let loggingOut = false;

/**
 * The person asked to log out: a read still on its way answers NoAuth once the session is gone,
 * and must not send the page to sign in again (`/?next=…`) after (or instead of) the home page
 * the logout goes to.
 */
export function leavingByLogout(): void {
  loggingOut = true;
}

export function signInAgain(): void {
  if (loggingOut) return;
  window.location.assign(`/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}
