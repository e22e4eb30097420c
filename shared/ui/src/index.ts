import './ui.css';

export * from './platform';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { TextField, TextArea, type TextFieldProps, type TextAreaProps } from './TextField';
export { Spinner, type SpinnerProps } from './Spinner';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { Notifications, NOTIFICATION_TIMEOUT_MS, type NotificationsProps } from './Notifications';
export { useIsMobile } from './useIsMobile';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { useHoverDisclosure, HOVER_CLOSE_DELAY_MS } from './useHoverDisclosure';
export { FOCUSABLE, keepTabInside } from './focusTrap';
export { ProductPicture, type ProductPictureProps } from './ProductPicture';
