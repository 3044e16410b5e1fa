import type { AuthData } from '../../src/contract/entities.ts';
import type { Db } from '../db/connection.ts';
import type { Auth } from '../domain/sessions.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/router.ts';
import { noAuth } from '../http/failure.ts';
import { signOut } from '../http/session.ts';

export function authData(auth: Auth): AuthData {
  return auth.userType === 'customer'
    ? { user_type: 'customer', customer: { id: auth.customerId, firstname: auth.firstname } }
    : { user_type: 'tutor', tutor: { id: auth.tutorId, name: auth.name, role: auth.role } };
}

/** Session calls: who am I, and log out. */
export function authRoutes(db: Db) {
  const app = router();

  app.get('/checkauth', (c) => {
    const auth = c.get('auth');
    if (!auth) throw noAuth();
    return ok(c, authData(auth));
  });

  app.post('/logout', async (c) => {
    await signOut(c, db);
    return ok(c, null);
  });

  return app;
}
