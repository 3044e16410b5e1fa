import { useEffect, useState } from 'react';
import { CHECK_AUTH } from '../../api/auth.ts';
import { ensureAuth } from '../../api/auth-state.ts';
import { getTutor, tutorPath } from '../../api/catalog.ts';
import { useFirstData } from '../../ui/first-data.ts';
import { useRead } from '../../ui/use-read.ts';
import type { AuthData, PublicTutor } from '../../contract/entities.ts';

export interface DashboardTutor {
  /** The tutor whose dashboard this is, when it is another tutor's; null until known, and on one's own. */
  tutor: PublicTutor | null;
  /** A supervisor looking at another tutor's dashboard (false until known). */
  viewingOther: boolean;
}

/**
 * Whether a supervisor is in another tutor's dashboard (an id in the address, not 'myself'), and
 * whose. The first render takes both from the page's first reads (the server writes the same
 * render), so the 'Viewing …' banner is on the page from its first paint instead of pushing the
 * screen down later. On one's own dashboard it reads nothing.
 * The tutor is read through useRead (docs/decisions/019-one-read-hook.md).
 */
export function useDashboardTutor(tutorId: string): DashboardTutor {
  const other = tutorId !== 'myself';
  const firstData = useFirstData();
  // The viewer is the page's one session check (the cards and the sidebar share it), not a read of its own.
  const [viewer, setViewer] = useState(() => (other ? (firstData<AuthData>(CHECK_AUTH)?.tutor ?? null) : null));
  // A refusal is the sidebar's and the screen's to act on (useRead's one rule); here it only leaves the banner off.
  const tutorRead = useRead<PublicTutor | null>(other ? () => getTutor(tutorId) : null, [tutorId], {
    firstPath: other ? tutorPath(tutorId) : undefined,
    // The sidebar reads the same answer; whichever of the two hydrates later renders it too.
    shared: true,
  });
  const tutor = tutorRead.state.status === 'ready' ? tutorRead.state.data : null;

  useEffect(() => {
    if (!other || viewer) return;
    let current = true;
    void ensureAuth().then((auth) => current && auth.state === 'signed-in' && setViewer(auth.auth.tutor ?? null));
    return () => {
      current = false;
    };
    // Once known the viewer stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [other]);

  const viewingOther = other && viewer !== null && tutor !== null && viewer.role === 'Supervisor' && String(viewer.id) !== String(tutor.id);
  return { tutor: viewingOther ? tutor : null, viewingOther };
}
