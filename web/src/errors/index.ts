export { ErrorBoundary, type ErrorBoundaryProps } from './ErrorBoundary';
export { ErrorScreen, type ErrorScreenProps } from './ErrorScreen';
export { RouteErrorScreen } from './RouteErrorScreen';
export { readErrorDetails, type ErrorDetails } from './error-details';
