import { DashboardApp } from '../features/dashboard/DashboardApp.tsx';

/** The dashboards' island: client-only, mounted by src/pages/app-shell.astro. */
export default function DashboardIsland() {
  return <DashboardApp />;
}
