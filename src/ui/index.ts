export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx';
export { Chip, type ChipTone } from './Chip.tsx';
export { Loader, Spinner } from './Loader.tsx';
export { Modal, type ModalAction, type ModalProps } from './Modal.tsx';
export { Select, SELECT_MENU_MAX_HEIGHT, SELECT_PAGE_SIZE } from './Select.tsx';
export { SidebarButton } from './SidebarButton.tsx';
export { TextInput } from './TextInput.tsx';
export { KeyIcon, MailIcon, PhoneIcon } from './icons.tsx';
