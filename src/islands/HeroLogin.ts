import { heroButtonHtml, mountHeroButton } from '../features/auth/hero-button.ts';
import { domIsland } from './dom/island.ts';

/**
 * The home page hero's login / dashboard button, a DOM island (not React: React arrives only with
 * the dialog it opens). The page starts it at idle (client:idle): the button is invisible until
 * the session is known anyway, and its scripts stay out of the first paint (decision 011).
 */
export default domIsland({ html: heroButtonHtml, hydrate: (root) => void mountHeroButton(root) });
