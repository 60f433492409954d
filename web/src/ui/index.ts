// The app's UI primitives for pages (lazily loaded). The shell (initial JavaScript) imports primitives from
// their own files instead: through this barrel every primitive, dialogs included, would join the first
// download. Styles: ./ui.css (imported here and by main.tsx).
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
export {
  DateRangeFields,
  FilterActions,
  useFilterDraft,
  type DateRangeFieldsProps,
  type FilterActionsProps,
  type FilterDraft,
} from './FilterFields';
export { Modal, type ModalProps } from './Modal';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Spinner, type SpinnerProps } from './Spinner';
export { TextArea, type TextAreaProps } from './TextArea';
export { TextInput, type TextInputProps } from './TextInput';
