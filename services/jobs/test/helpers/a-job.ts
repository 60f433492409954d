import { randomUUID } from 'node:crypto';
import type { Job } from '../../src/domain/jobs/job';

/** A stored job as the store tests need one: PENDING, never claimed, Lite 5 s Normal; any field overridden. */
export function aJob(overrides: Partial<Job> = {}): Job {
  const now = new Date();
  return {
    id: randomUUID(),
    userId: 'user-1',
    idempotencyKey: randomUUID(),
    prompt: 'a prompt',
    modelId: 'kadr-motion-v1',
    provider: 'local',
    durationSeconds: 5,
    quality: 'Lite',
    speed: 'Normal',
    width: 854,
    height: 480,
    seed: 42,
    cost: 3,
    chargedFrom: null,
    status: 'PENDING',
    progress: 0,
    attempt: 0,
    attemptLimit: 3,
    leaseOwner: null,
    leaseUntil: null,
    errorCode: null,
    errorMessage: null,
    output: null,
    history: [],
    outbox: [],
    correlationId: 'c-1',
    createdAt: now,
    updatedAt: now,
    completedAt: null,
    deletedAt: null,
    ...overrides,
  };
}
