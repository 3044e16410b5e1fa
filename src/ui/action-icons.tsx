/**
 * Icons of the staff screens' controls, apart from icons.tsx so the public pages' bundles stay small.
 * Decorative: the control that holds one carries the accessible name.
 */
import { Icon } from './icons.tsx';

type SizedIcon = { size?: number };

export const EditIcon = ({ size = 20 }: SizedIcon) => (
  <Icon size={size}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </Icon>
);

/** Repeats every week: the weekly-subscription mark. */
export const RepeatIcon = ({ size = 18 }: SizedIcon) => (
  <Icon size={size}>
    <path d="m17 2 4 4-4 4" />
    <path d="M3 11v-1a4 4 0 0 1 4-4h14" />
    <path d="m7 22-4-4 4-4" />
    <path d="M21 13v1a4 4 0 0 1-4 4H3" />
  </Icon>
);

export const SendIcon = ({ size = 20 }: SizedIcon) => (
  <Icon size={size}>
    <path d="M22 2 11 13" />
    <path d="M22 2 15 22l-4-9-9-4Z" />
  </Icon>
);

export const PlusIcon = ({ size = 22 }: SizedIcon) => (
  <Icon size={size}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const BackIcon = ({ size = 18 }: SizedIcon) => (
  <Icon size={size}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Icon>
);
