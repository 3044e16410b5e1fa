import { LoginByLink } from '../features/auth/LoginByLink.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';

/** The /login?token=… screen (client:only). */
export default function LoginPage() {
  return (
    <FailureBoundary where="login by link">
      <LoginByLink />
    </FailureBoundary>
  );
}
