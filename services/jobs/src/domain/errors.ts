import { DomainError, type Resolution, type Tier } from '@kadr/contracts';

/** The codes of the error catalogue (spec §8) the jobs domain refuses a request with. */
export type JobsRefusalReason =
  'validation' | 'not_found' | 'conflict' | 'insufficient_credits' | 'tier_cap' | 'quota_exceeded';

/**
 * A request the jobs domain refuses. The edge (`entry-points/http/domain-problems.ts`) gives each
 * refusal its status, title and extra members.
 */
export class JobsDomainError extends DomainError<JobsRefusalReason> {}

/** Fields of a job request the chosen model cannot render as asked (field → why). */
export class InvalidJobRequestError extends JobsDomainError {
  constructor(readonly fieldErrors: Record<string, string>) {
    super('validation', `Invalid job request: ${Object.keys(fieldErrors).join(', ')}.`);
  }
}

/** The quality asked for is above the resolution the user's plan allows; `requiredPlan` lifts it. */
export class ResolutionAbovePlanError extends JobsDomainError {
  constructor(
    message: string,
    readonly maxResolution: Resolution,
    readonly requiredPlan: 'starter' | 'pro' | 'enterprise',
  ) {
    super('tier_cap', message);
  }
}

/** The user already has `activeJobsCap` jobs in progress, the most the tier allows. */
export class ActiveJobsCapError extends JobsDomainError {
  constructor(
    readonly activeJobsCap: number,
    readonly tier: Tier,
  ) {
    const videos = activeJobsCap === 1 ? '1 video' : `${activeJobsCap} videos`;
    super(
      'quota_exceeded',
      `You already have ${videos} in progress, the most your plan allows. Wait for one to finish.`,
    );
  }
}
