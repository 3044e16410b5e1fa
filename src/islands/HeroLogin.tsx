import { HeroButton } from '../features/auth/HeroButton.tsx';

/** The home page hero's login / dashboard button (client:load). */
export default function HeroLogin() {
  return <HeroButton />;
}
