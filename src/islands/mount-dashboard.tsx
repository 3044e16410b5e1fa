import { createRoot } from 'react-dom/client';
import DashboardIsland from './DashboardApp.tsx';

/**
 * Starts the dashboards in `container`, from the app shell's own module script rather than an
 * Astro island: an island's component and renderer are two more scripts to fetch before anything
 * shows, and the shell's first screen waits only for this script and what it imports (decision 011).
 */
export function mountDashboard(container: HTMLElement): void {
  createRoot(container).render(<DashboardIsland />);
}
