import { setTimeout as sleep } from 'node:timers/promises';
import {
  GenerationError,
  type GenerationContext,
  type GenerationResult,
  type GenerationRequest,
  type VideoProvider,
} from '../../../domain/generation/video-provider';

export type FaultyBehaviour = 'fail' | 'hang' | 'fail-transient';

/**
 * Tests only (JOBS_ENABLE_FAULTY_PROVIDER, refused in production): fails with `aiproxy_error`
 * or hangs until the job's time-out, so journeys can produce failed jobs without any magic
 * prompt in the product. The behaviour is chosen by the speed: Ultra Fast hangs, Fast fails
 * transiently (retried, then fails), anything else fails at once.
 */
export class FaultyVideoProvider implements VideoProvider {
  readonly name = 'faulty';
  calls = 0;

  isAvailable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  static behaviourOf(request: Pick<GenerationRequest, 'speed'>): FaultyBehaviour {
    if (request.speed === 'Ultra Fast') return 'hang';
    if (request.speed === 'Fast') return 'fail-transient';
    return 'fail';
  }

  async generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationResult> {
    this.calls += 1;
    context.onProgress(10);
    const behaviour = FaultyVideoProvider.behaviourOf(request);
    if (behaviour === 'hang') {
      await sleep(2 ** 31 - 1, undefined, { signal: context.signal });
    }
    throw new GenerationError(
      'aiproxy_error',
      'The faulty test provider failed on purpose.',
      behaviour === 'fail-transient',
    );
  }
}
