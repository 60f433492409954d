import { HttpProblem } from '@kadr/http-kit';
import { MediaDomainError } from '../../domain/errors';

/** Media's domain refusals as problems (status from the reason, the domain's sentence as the detail). */
export function mediaProblemOf(error: unknown): HttpProblem | undefined {
  if (error instanceof MediaDomainError) return new HttpProblem(error.reason, { detail: error.message });
  return undefined;
}
