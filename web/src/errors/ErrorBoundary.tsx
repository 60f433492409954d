import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logClientError } from '../telemetry/telemetry';
import { readErrorDetails } from './error-details';
import { ErrorScreen } from './ErrorScreen';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Where the boundary sits, for the logs ("root", "shell"). */
  name?: string;
  /** "Reload Page" action; reloads the document unless given (tests). */
  onReload?: () => void;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches a render error below it and shows the error screen instead of a blank page; the error
 * goes to the client error log (telemetry decides, by consent, whether it leaves the browser).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    try {
      logClientError(error, {
        where: this.props.name ?? 'error-boundary',
        componentStack: info.componentStack ?? undefined,
      });
    } catch {
      // Logging must never turn one failure into two.
    }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { message, correlationId } = readErrorDetails(this.state.error);
    return <ErrorScreen message={message} correlationId={correlationId} onReload={this.props.onReload} />;
  }
}
