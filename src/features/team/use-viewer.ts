import { useStore } from '../../ui/use-store.ts';
import { useEffect } from 'react';
import { $auth, ensureAuth } from '../../api/auth-state.ts';

/** The signed-in tutor's id as a string: null while the session is not known yet (or is not a tutor's). */
export function useViewerId(): string | null {
  const auth = useStore($auth);
  useEffect(() => {
    if (auth.state === 'unknown') void ensureAuth();
  }, [auth.state]);
  return auth.state === 'signed-in' && auth.auth.tutor ? String(auth.auth.tutor.id) : null;
}
