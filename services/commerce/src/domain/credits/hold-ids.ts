/**
 * A job's holds are numbered by generation: the first (generation 1) has the job id as its hold
 * id, a requeued job's next ones `${jobId}#${generation}`. The ledger reference stays the job
 * id, so a job's entries read together. Holds placed before generations existed carry neither
 * `jobId` nor `generation`: their hold id is the job id and they are generation 1.
 */
export interface HoldIdentity {
  holdId: string;
  jobId?: string;
  generation?: number;
}

export const FIRST_GENERATION = 1;

export function holdIdOf(jobId: string, generation: number): string {
  return generation === FIRST_GENERATION ? jobId : `${jobId}#${generation}`;
}

export const jobOfHold = (hold: HoldIdentity): string => hold.jobId ?? hold.holdId;

export const generationOfHold = (hold: HoldIdentity): number => hold.generation ?? FIRST_GENERATION;

export const isHoldOfJob = (hold: HoldIdentity, jobId: string): boolean => jobOfHold(hold) === jobId;
