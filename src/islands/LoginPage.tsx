import { LoginByLink } from '../features/auth/LoginByLink.tsx';

/** The /login?token=… screen (client:only). */
export default function LoginPage() {
  return <LoginByLink />;
}
