import { HttpProblem } from '@kadr/http-kit';
import { CommerceDomainError, InvalidOrderError } from '../../domain/errors';

/**
 * The commerce domain's refusals as problem responses (registered with the app as `mapError`):
 * the catalogue reason is the error's, the detail its message (an invalid order keeps the
 * catalogue's detail and lists its fields). Anything else is left to http-kit's shared mapping.
 */
export function commerceProblemOf(error: unknown): HttpProblem | undefined {
  if (error instanceof InvalidOrderError) return new HttpProblem('validation', { errors: error.fieldErrors });
  if (error instanceof CommerceDomainError) return new HttpProblem(error.reason, { detail: error.message });
  return undefined;
}
