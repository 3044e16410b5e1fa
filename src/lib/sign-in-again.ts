/**
 * A dashboard page whose sign-in has ended: home, which asks to sign in and then comes back here
 * (the home page checks the address: next-path.ts, whose signInToContinue writes the same one).
 * Not in next-path.ts, and not built on it: the dashboards would then load that chunk of the home
 * page's scripts as one more request.
 */
export function signInAgain(): void {
  window.location.assign(`/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}
