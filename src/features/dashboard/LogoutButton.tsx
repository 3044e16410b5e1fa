import { useState } from 'react';
import { logout } from '../../api/auth.ts';
import { leavingByLogout } from '../../lib/sign-in-again.ts';
import { SidebarButton } from '../../ui/SidebarButton.tsx';

/** Ends the session on the server, then leaves for the home page (reads still on their way stay quiet). */
export function LogoutButton() {
  const [leaving, setLeaving] = useState(false);
  return (
    <SidebarButton
      name="logout"
      selection={undefined}
      label={leaving ? 'Logging out…' : 'Log out'}
      onClick={async () => {
        if (leaving) return;
        setLeaving(true);
        leavingByLogout();
        await logout();
        window.location.assign('/');
      }}
    />
  );
}
