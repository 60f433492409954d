// The app's UI primitives. Styles: ./ui.css (imported here once, so any import of a primitive brings them).
import './ui.css';

export { Badge, type BadgeProps, type BadgeVariant } from './Badge';
export {
  Button,
  ButtonLink,
  buttonClassName,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './Button';
export { Card, CardHeader, type CardHeaderProps, type CardProps } from './Card';
export { ChoiceGroup, type ChoiceGroupProps, type ChoiceOption } from './ChoiceGroup';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { Field, type FieldControlProps, type FieldProps } from './Field';
export { Modal, type ModalProps } from './Modal';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Spinner, type SpinnerProps } from './Spinner';
export { TextArea, type TextAreaProps } from './TextArea';
export { TextInput, type TextInputProps } from './TextInput';
