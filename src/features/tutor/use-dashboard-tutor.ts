import { useEffect, useState } from 'react';
import { firstData } from '../../api/first-answers.ts';
import { checkAuth } from '../../api/auth.ts';
import { getTutor } from '../../api/catalog.ts';
import type { AuthData, PublicTutor } from '../../contract/entities.ts';

export interface DashboardTutor {
  /** The signed-in tutor; null until known. */
  viewer: NonNullable<AuthData['tutor']> | null;
  /** The tutor whose dashboard this is; null until known. */
  tutor: PublicTutor | null;
  /** A supervisor looking at another tutor's dashboard (false until both are known). */
  viewingOther: boolean;
}

/**
 * Who is looking at whose tutor dashboard. The first render takes both from the page's first reads
 * (the server writes the same render), so what depends on it (the 'Viewing …' banner) is on the
 * page from its first paint instead of pushing the screen down later.
 */
export function useDashboardTutor(tutorId: string): DashboardTutor {
  const tutorPath = `/api/tutors/${tutorId}`;
  const [viewer, setViewer] = useState(() => firstData<AuthData>('/api/checkauth')?.tutor ?? null);
  const [tutor, setTutor] = useState(() => firstData<PublicTutor | null>(tutorPath) ?? null);

  useEffect(() => {
    let current = true;
    if (!viewer) void checkAuth().then((result) => current && result.status === 'success' && setViewer(result.data.tutor ?? null));
    if (!tutor) void getTutor(tutorId).then((result) => current && result.status === 'success' && setTutor(result.data));
    return () => {
      current = false;
    };
    // Once each is known it stays: the effect fetches only what the page did not bring.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tutorId]);

  const viewingOther = viewer !== null && tutor !== null && viewer.role === 'Supervisor' && String(viewer.id) !== String(tutor.id);
  return { viewer, tutor, viewingOther };
}
