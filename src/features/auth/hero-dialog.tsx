import { createRoot } from 'react-dom/client';
import { FailureBoundary } from '../../ui/FailureBoundary.tsx';
import { MagicLinkDialog } from './MagicLinkDialog.tsx';

/**
 * The hero's magic-link dialog, in a React root of its own inside `container` (the hero button is
 * plain DOM, src/features/auth/hero-button.ts). Returns what closes it. The dialog draws itself
 * over the page (a portal), focus moves in, and on close it goes back to the Login button.
 */
export function showLoginDialog(container: HTMLElement, onClose: () => void, next?: string): () => void {
  const root = createRoot(container);
  root.render(
    <FailureBoundary where="login dialog">
      <MagicLinkDialog open onClose={onClose} next={next} />
    </FailureBoundary>,
  );
  return () => root.unmount();
}
