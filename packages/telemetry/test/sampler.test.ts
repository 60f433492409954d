import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SamplingDecision } from '@opentelemetry/sdk-trace';
import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { SamplerConfigError, samplerFromEnvironment } from '../src';

const ROOT = path.resolve(__dirname, '../../..');

/** Sampling decisions for many fresh traces: how many were kept. */
function keptOutOf(env: NodeJS.ProcessEnv, traces: number): number {
  const sampler = samplerFromEnvironment(env);
  let kept = 0;
  for (let i = 0; i < traces; i += 1) {
    const traceId = randomBytes(16).toString('hex');
    const { decision } = sampler.shouldSample(ROOT_CONTEXT, traceId, 'GET', SpanKind.SERVER, {}, []);
    if (decision === SamplingDecision.RECORD_AND_SAMPLED) kept += 1;
  }
  return kept;
}

/** The decision for a span whose parent (from an incoming traceparent) was or was not sampled. */
function followsParent(env: NodeJS.ProcessEnv, parentSampled: boolean): boolean {
  const parent = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: 'ffffffffffffffffffffffffffffffff',
    spanId: '1111111111111111',
    traceFlags: parentSampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });
  const { decision } = samplerFromEnvironment(env).shouldSample(
    parent,
    'ffffffffffffffffffffffffffffffff',
    'x',
    SpanKind.SERVER,
    {},
    [],
  );
  return decision === SamplingDecision.RECORD_AND_SAMPLED;
}

describe('the trace sampler', () => {
  it('keeps every trace by default (development, tests, compose CI)', () => {
    expect(keptOutOf({}, 200)).toBe(200);
  });

  it('keeps the configured share of new traces and follows the parent of a continued one', () => {
    const env = { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' };
    const kept = keptOutOf(env, 2000);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(2000);
    expect(keptOutOf({ OTEL_TRACES_SAMPLER_ARG: '0' }, 200)).toBe(0);
    // A hop never cuts a trace: sampled upstream → sampled here, whatever the ratio.
    expect(followsParent({ OTEL_TRACES_SAMPLER_ARG: '0' }, true)).toBe(true);
    expect(followsParent({ OTEL_TRACES_SAMPLER_ARG: '1' }, false)).toBe(false);
  });

  it('refuses a rate outside 0..1 or an unknown sampler, naming the variable', () => {
    for (const arg of ['1.5', '-0.1', 'ten', 'NaN']) {
      expect(() => samplerFromEnvironment({ OTEL_TRACES_SAMPLER_ARG: arg })).toThrow(SamplerConfigError);
      expect(() => samplerFromEnvironment({ OTEL_TRACES_SAMPLER_ARG: arg })).toThrow(/^OTEL_TRACES_SAMPLER_ARG: /);
    }
    expect(() => samplerFromEnvironment({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/^OTEL_TRACES_SAMPLER: /);
  });

  it('stops a process at start-up on a bad rate: exit 78 and the variable named', () => {
    const result = spawnSync(
      process.execPath,
      ['--conditions=kadr-source', '--import', 'tsx', path.join(ROOT, 'packages/telemetry/src/register.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          OTEL_SDK_DISABLED: 'false',
          OTEL_SERVICE_NAME: 'commerce',
          OTEL_TRACES_SAMPLER_ARG: '2',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('commerce: invalid configuration');
    expect(result.stderr).toContain('OTEL_TRACES_SAMPLER_ARG: must be a number from 0 to 1');
  }, 60_000);
});
