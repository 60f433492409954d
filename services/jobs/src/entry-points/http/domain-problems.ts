import { HttpProblem } from '@kadr/http-kit';
import {
  ActiveJobsCapError,
  InvalidJobRequestError,
  JobsDomainError,
  ResolutionAbovePlanError,
} from '../../domain/errors';

/**
 * The jobs domain's refusals as problem responses (registered with the app as `mapError`): the
 * catalogue reason is the error's, the detail its message; the members a client reads are added
 * here. Anything else is left to http-kit's shared mapping.
 */
export function jobsProblemOf(error: unknown): HttpProblem | undefined {
  if (error instanceof InvalidJobRequestError) {
    return new HttpProblem('validation', { detail: 'Please fix highlighted fields.', errors: error.fieldErrors });
  }
  if (error instanceof ResolutionAbovePlanError) {
    return new HttpProblem('tier_cap', {
      detail: error.message,
      extensions: { maxResolution: error.maxResolution, requiredPlan: error.requiredPlan },
    });
  }
  if (error instanceof ActiveJobsCapError) {
    return new HttpProblem('quota_exceeded', {
      title: 'Too many videos in progress',
      detail: error.message,
      extensions: { activeJobsCap: error.activeJobsCap, tier: error.tier },
    });
  }
  if (error instanceof JobsDomainError) return new HttpProblem(error.reason, { detail: error.message });
  return undefined;
}
