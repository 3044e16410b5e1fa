/** Icons of the team view; decorative unless labelled (the control that holds one carries the name). */
import { Icon } from '../../ui/icons.tsx';

export const ArchiveBoxIcon = ({ size = 20 }: { size?: number }) => (
  <Icon size={size}>
    <rect x="3" y="4" width="18" height="4" rx="1" />
    <path d="M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8" />
    <path d="M10 12h4" />
  </Icon>
);

export const RestoreIcon = ({ size = 20 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
  </Icon>
);

export const ChevronIcon = ({ size = 18 }: { size?: number }) => (
  <Icon size={size}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

/** The supervisor mark: announced as 'Supervisor'. */
export const SupervisorBadge = () => (
  <span role="img" aria-label="Supervisor" title="Supervisor" style={{ display: 'inline-flex', color: '#b45309' }}>
    <Icon size={20}>
      <path d="M12 2 15 8.5l7 .9-5.1 4.8 1.3 6.9L12 17.8 5.8 21.1l1.3-6.9L2 9.4l7-.9Z" />
    </Icon>
  </span>
);
