import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace';

/**
 * The trace sampler, from the standard OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG variables —
 * read and checked here rather than by the SDK, which logs a bad value and quietly falls back to
 * its default: a mistyped rate must stop the service at start-up, as any other bad setting does.
 *
 * Default `parentbased_traceidratio` at 1.0: a request that arrives with a sampled trace context
 * is traced, one without is traced at the ratio, and each hop follows its parent, so a trace is
 * whole or absent — never cut between gateway, service, Kafka and worker. Development, the tests
 * and compose CI keep 1.0 (every request traced); the chart sets the production ratio
 * (docs/decisions.md, issue 19).
 */

export const TRACES_SAMPLERS = [
  'parentbased_traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'traceidratio',
  'always_on',
  'always_off',
] as const;
export type TracesSamplerName = (typeof TRACES_SAMPLERS)[number];

export const DEFAULT_TRACES_SAMPLER: TracesSamplerName = 'parentbased_traceidratio';
export const DEFAULT_TRACES_SAMPLER_RATIO = 1;

/** A sampler variable that does not parse; the message names the variable, never more than its value's shape. */
export class SamplerConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`);
    this.name = 'SamplerConfigError';
  }
}

function ratioOf(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_TRACES_SAMPLER_RATIO;
  const ratio = Number(text);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new SamplerConfigError('OTEL_TRACES_SAMPLER_ARG', 'must be a number from 0 to 1 (the share of traces kept)');
  }
  return ratio;
}

/** The sampler the environment asks for; throws SamplerConfigError on a bad value. */
export function samplerFromEnvironment(env: NodeJS.ProcessEnv = process.env): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER?.trim() || DEFAULT_TRACES_SAMPLER) as TracesSamplerName;
  if (!TRACES_SAMPLERS.includes(name)) {
    throw new SamplerConfigError('OTEL_TRACES_SAMPLER', `must be one of ${TRACES_SAMPLERS.join(', ')}`);
  }
  const usesRatio = name.endsWith('traceidratio');
  const ratio = ratioOf(usesRatio ? env.OTEL_TRACES_SAMPLER_ARG : undefined);
  const root: Sampler = usesRatio
    ? new TraceIdRatioBasedSampler(ratio)
    : name.endsWith('always_off')
      ? new AlwaysOffSampler()
      : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}
