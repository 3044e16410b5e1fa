import { loadChunk, onRetryStartOver } from '../../ui/chunk-load.ts';
import { failureBox } from '../../ui/failure-box.ts';
import { reportFailure } from '../../ui/failure-report.ts';
import styles from './auth.module.css';
import { dashboardPath, safeNextPath } from '../../lib/next-path.ts';
import { $auth, type AuthState, loadAuth } from '../../api/auth-state.ts';

/**
 * The home page hero's button, drawn with the DOM so the home page loads no React until it is
 * needed: 'Login' for visitors (opens the magic-link dialog), 'Tutor Dashboard' for tutors, 'Your
 * Classes' for customers. Until the session is known it keeps the same size, invisible, so the
 * page does not shift. The dialog is React (src/features/auth/hero-dialog.tsx), fetched with React
 * the first time a visitor opens it; if it does not load, FailureBoundary's message, Retry and
 * phone stand after the button, and the failure is reported.
 */

/** The button's HTML before the session is known (the page's HTML, and the first draw). */
export function heroButtonHtml(): string {
  return `<span class="${styles.heroButton} ${styles.placeholder}" aria-hidden="true">Login</span>`;
}

type View = 'unknown' | 'visitor' | 'tutor' | 'customer';

function viewOf(auth: AuthState): View {
  if (auth.state === 'unknown') return 'unknown';
  if (auth.state === 'signed-in' && auth.auth.user_type === 'tutor') return 'tutor';
  if (auth.state === 'signed-in' && auth.auth.user_type === 'customer') return 'customer';
  return 'visitor';
}

interface DialogModule {
  showLoginDialog: (container: HTMLElement, onClose: () => void, next?: string) => () => void;
}

/** Takes over the button's HTML in `root`: follows the session store, and asks the server once if no one has. */
export function mountHeroButton(root: HTMLElement, loadDialog: () => Promise<DialogModule> = () => import('./hero-dialog.tsx')): () => void {
  let view: View | undefined;
  // Where the dialog's React root (and a failure message) lives: after the button.
  let slot: HTMLElement | undefined;
  let closeDialog: (() => void) | undefined;
  let opening = false;
  // A dashboard address sent a signed-out visitor here (`/?next=…`): the dialog opens by itself, says
  // why, and the emailed link leads back there.
  const nextPage = safeNextPath(new URLSearchParams(window.location.search).get('next'));

  function draw(next: View) {
    if (next === view) return;
    view = next;
    closeDialog?.();
    closeDialog = undefined;
    slot = undefined;
    if (next === 'unknown') {
      root.innerHTML = heroButtonHtml();
      return;
    }
    if (next === 'tutor' || next === 'customer') {
      const link = document.createElement('a');
      link.className = styles.heroButton ?? '';
      link.href = dashboardPath(next) ?? '/';
      link.textContent = next === 'tutor' ? 'Tutor Dashboard' : 'Your Classes';
      root.replaceChildren(link);
      return;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = styles.heroButton ?? '';
    button.textContent = 'Login';
    button.addEventListener('click', () => void open());
    // A pointer over the button or focus on it starts fetching the dialog, to shorten the wait.
    const prefetch = () => void loadDialog().catch(() => undefined);
    button.addEventListener('pointerenter', prefetch, { once: true });
    button.addEventListener('focus', prefetch, { once: true });
    // Hidden while empty: beside the button in the hero's row, an empty box would still take a gap
    // and wrap the row's next link, shifting the page below.
    slot = document.createElement('div');
    slot.hidden = true;
    root.replaceChildren(button, slot);
    if (nextPage) void open();
  }

  async function open() {
    if (opening || closeDialog || !slot) return;
    const at = slot;
    const button = root.querySelector('button');
    opening = true;
    button?.setAttribute('aria-busy', 'true');
    try {
      const { showLoginDialog } = await loadChunk(loadDialog);
      if (at !== slot) return;
      at.replaceChildren();
      at.hidden = false;
      closeDialog = showLoginDialog(
        at,
        () => {
          closeDialog?.();
          closeDialog = undefined;
          at.hidden = true;
        },
        nextPage ?? undefined,
      );
    } catch (error) {
      reportFailure(error, 'login dialog');
      // Retry (this one or any other on the page) clears the message and opens the dialog again.
      onRetryStartOver(() => {
        if (at !== slot) return;
        at.replaceChildren();
        void open();
      });
      at.replaceChildren(failureBox(error));
      at.hidden = false;
    } finally {
      opening = false;
      button?.removeAttribute('aria-busy');
    }
  }

  draw(viewOf($auth.get()));
  const unsubscribe = $auth.listen((auth) => draw(viewOf(auth)));
  if ($auth.get().state === 'unknown') void loadAuth();
  return () => {
    unsubscribe();
    closeDialog?.();
  };
}
