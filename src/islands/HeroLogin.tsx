import { HeroButton } from '../features/auth/HeroButton.tsx';
import { FailureBoundary } from '../ui/FailureBoundary.tsx';

/** The home page hero's login / dashboard button (client:load). */
export default function HeroLogin() {
  return (
    <FailureBoundary where="hero login">
      <HeroButton />
    </FailureBoundary>
  );
}
