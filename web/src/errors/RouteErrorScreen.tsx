import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { logClientError } from '../telemetry/telemetry';
import { readErrorDetails } from './error-details';
import { ErrorScreen } from './ErrorScreen';

/**
 * For a react-router `errorElement`: the same error screen for an error thrown while rendering or
 * loading a route (a failed lazy chunk, a thrown Response).
 */
export function RouteErrorScreen() {
  const error = useRouteError();

  useEffect(() => {
    try {
      logClientError(error, { where: 'route' });
    } catch {
      // Never fail the error screen because logging failed.
    }
  }, [error]);

  if (isRouteErrorResponse(error)) {
    const message = [error.status, error.statusText].filter(Boolean).join(' ');
    return <ErrorScreen message={message || null} correlationId={null} />;
  }
  const { message, correlationId } = readErrorDetails(error);
  return <ErrorScreen message={message} correlationId={correlationId} />;
}
