import { useEffect, useState } from 'react';
import { CHECK_AUTH } from '../../api/auth.ts';
import { ensureAuth } from '../../api/auth-state.ts';
import { getTutor, tutorPath } from '../../api/catalog.ts';
import { useFirstData } from '../../ui/first-data.ts';
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
 */
export function useDashboardTutor(tutorId: string): DashboardTutor {
  const other = tutorId !== 'myself';
  const firstData = useFirstData();
  const [viewer, setViewer] = useState(() => (other ? (firstData<AuthData>(CHECK_AUTH)?.tutor ?? null) : null));
  const [tutor, setTutor] = useState(() => (other ? (firstData<PublicTutor | null>(tutorPath(tutorId)) ?? null) : null));

  useEffect(() => {
    if (!other) return;
    let current = true;
    // The page's one session check (the cards and the sidebar share it), and the tutor if the page did not bring it.
    if (!viewer) void ensureAuth().then((auth) => current && auth.state === 'signed-in' && setViewer(auth.auth.tutor ?? null));
    if (!tutor) void getTutor(tutorId).then((result) => current && result.status === 'success' && setTutor(result.data));
    return () => {
      current = false;
    };
    // Once each is known it stays: the effect fetches only what the page did not bring.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tutorId]);

  const viewingOther = other && viewer !== null && tutor !== null && viewer.role === 'Supervisor' && String(viewer.id) !== String(tutor.id);
  return { tutor: viewingOther ? tutor : null, viewingOther };
}
