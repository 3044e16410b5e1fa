import type { ReactNode } from 'react';
import styles from './SidebarButton.module.css';

export interface SidebarButtonProps {
  /** The route (or action) this button stands for; it is selected when this equals `selection`. */
  name: string;
  selection: string | undefined;
  label: ReactNode;
  icon?: ReactNode;
  /** Navigates to this address (the path of the route named `name`) when no onClick is given. */
  href?: string;
  /** A custom handler instead of navigation. */
  onClick?: () => void;
}

/**
 * A sidebar entry: icon, label and a selected indicator. With `href` it is a real link (the
 * dashboard router intercepts it), so it opens in a new tab too; with `onClick` it is a button.
 */
export function SidebarButton({ name, selection, label, icon, href, onClick }: SidebarButtonProps) {
  const selected = name === selection;
  const content = (
    <>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <span className={styles.label}>{label}</span>
    </>
  );
  const className = `${styles.item} ${selected ? styles.selected : ''}`;
  if (onClick || !href) {
    return (
      <button type="button" className={className} aria-current={selected ? 'page' : undefined} onClick={onClick}>
        {content}
      </button>
    );
  }
  return (
    <a className={className} href={href} aria-current={selected ? 'page' : undefined}>
      {content}
    </a>
  );
}
