import { HttpProblem } from '@kadr/http-kit';
import {
  UpstreamCircuitOpenError,
  UpstreamNotConfiguredError,
  UpstreamRequestFailedError,
  UpstreamServerError,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
} from '../../../integrations/upstreams';

/**
 * The problem the browser sees when an upstream gave no usable answer (spec §8). Details never
 * name the service, its address or its error.
 */
export function upstreamProblem(error: unknown): HttpProblem | undefined {
  if (error instanceof UpstreamCircuitOpenError) {
    return new HttpProblem('service_unavailable', {
      title: 'Temporarily unavailable',
      detail: 'This part of Kadr is temporarily unavailable. Please try again in a moment.',
    });
  }
  if (error instanceof UpstreamNotConfiguredError) {
    return new HttpProblem('service_unavailable', { detail: 'This part of Kadr is not available right now.' });
  }
  if (error instanceof UpstreamTimeoutError) return new HttpProblem('timeout');
  if (error instanceof UpstreamUnreachableError) return new HttpProblem('proxy_error');
  if (error instanceof UpstreamServerError || error instanceof UpstreamRequestFailedError) {
    return new HttpProblem('backend_http');
  }
  return undefined;
}
