import { Router } from 'express';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { backgroundWork, createHttpApp, repeatEvery, serveComposed, serveService, type ComposedService } from '../src';

function composed(steps: string[], failBackground = false): ComposedService {
  const routes = Router();
  routes.get('/hello', (_req, res) => {
    res.json({ hello: true });
  });
  const { app, health } = createHttpApp({
    service: 'test',
    logger: createLogger({ service: 'test', level: 'silent' }),
    metrics: createMetrics({ service: 'test', defaultMetrics: false }),
    routes,
  });
  return {
    app,
    health,
    startBackground: () => {
      steps.push('background started');
      return failBackground ? Promise.reject(new Error('consumer could not join')) : Promise.resolve();
    },
    stop: () => {
      steps.push('background stopped');
      return Promise.resolve();
    },
  };
}

describe('serveComposed', () => {
  it('serves, and stops HTTP, then the background work, then the adapters', async () => {
    const steps: string[] = [];
    const running = await serveComposed({
      compose: () => composed(steps),
      closeAdapters: () => {
        steps.push('adapters closed');
        return Promise.resolve();
      },
      port: 0,
      host: '127.0.0.1',
    });
    expect(await (await fetch(`${running.url}/hello`)).json()).toEqual({ hello: true });
    await running.stop();
    await expect(fetch(`${running.url}/hello`)).rejects.toThrow();
    expect(steps).toEqual(['background started', 'background stopped', 'adapters closed']);
  });

  it('drains long-lived responses before the HTTP server closes', async () => {
    const steps: string[] = [];
    const running = await serveComposed({
      compose: () => ({ ...composed(steps), drain: () => steps.push('drained') }),
      closeAdapters: () => Promise.resolve(),
      port: 0,
      host: '127.0.0.1',
    });
    await running.stop();
    expect(steps).toEqual(['background started', 'drained', 'background stopped']);
  });

  it('serveService opens the adapters, composes with them and closes them last', async () => {
    const steps: string[] = [];
    const running = await serveService({
      service: 'test',
      config: { LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1' },
      options: { defaultMetrics: false },
      open: () => {
        steps.push('adapters opened');
        return Promise.resolve({
          readinessChecks: [],
          close: () => Promise.resolve(void steps.push('adapters closed')),
        });
      },
      compose: ({ adapters, readinessChecks }) => {
        expect(readinessChecks).toBe(adapters.readinessChecks);
        return composed(steps);
      },
    });
    expect(await (await fetch(`${running.url}/hello`)).json()).toEqual({ hello: true });
    await running.stop();
    expect(steps).toEqual(['adapters opened', 'background started', 'background stopped', 'adapters closed']);
  });

  it('serveService collects the process’s runtime metrics under the service’s name, unless told not to', async () => {
    const start = (service: string, options: { defaultMetrics?: boolean }) =>
      serveService({
        service,
        config: { LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1' },
        options,
        open: () => Promise.resolve({ readinessChecks: [], close: () => Promise.resolve() }),
        compose: () => composed([]),
      });
    const measured = await start('commerce', {});
    const sharing = await start('i18n', { defaultMetrics: false });
    const exposition = await measured.metrics.registry.metrics();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_user_seconds_total',
    ]) {
      expect(exposition).toMatch(new RegExp(`^${name}\\{service="commerce"\\} \\S+$`, 'm'));
    }
    expect(exposition).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(await sharing.metrics.registry.metrics()).not.toMatch(/^# TYPE (nodejs|process)_/m);
    await Promise.all([measured.stop(), sharing.stop()]);
  });

  it('undoes what started when a step fails, then rethrows', async () => {
    const steps: string[] = [];
    await expect(
      serveComposed({
        compose: () => composed(steps, true),
        closeAdapters: () => {
          steps.push('adapters closed');
          return Promise.resolve();
        },
        port: 0,
        host: '127.0.0.1',
      }),
    ).rejects.toThrow('consumer could not join');
    expect(steps).toEqual(['background started', 'background stopped', 'adapters closed']);
  });
});

describe('backgroundWork', () => {
  const started = (steps: string[], name: string) => ({ stop: () => steps.push(`${name} stopped`) });

  it('stops what its start registered in reverse order, once', async () => {
    const steps: string[] = [];
    const work = backgroundWork((own) => {
      own(started(steps, 'relay'));
      own(started(steps, 'consumer'));
    });
    await work.startBackground();
    await work.stop();
    await work.stop();
    expect(steps).toEqual(['consumer stopped', 'relay stopped']);
  });

  it('stops what had started when a later step fails, and rethrows', async () => {
    const steps: string[] = [];
    const work = backgroundWork(async (own) => {
      own(started(steps, 'relay'));
      await Promise.resolve();
      throw new Error('consumer could not join');
    });
    await expect(work.startBackground()).rejects.toThrow('consumer could not join');
    expect(steps).toEqual(['relay stopped']);
    await work.stop();
    expect(steps).toEqual(['relay stopped']);
  });

  it('stop before start does nothing', async () => {
    await expect(backgroundWork(() => undefined).stop()).resolves.toBeUndefined();
  });
});

describe('repeatEvery', () => {
  it('runs the task on each tick and reports failures without stopping', async () => {
    jest.useFakeTimers();
    try {
      const errors: unknown[] = [];
      let runs = 0;
      const repeating = repeatEvery(
        1_000,
        () => (++runs === 2 ? Promise.reject(new Error('sweep failed')) : Promise.resolve()),
        (error) => errors.push(error),
      );
      await jest.advanceTimersByTimeAsync(3_000);
      expect(runs).toBe(3);
      expect(errors).toEqual([new Error('sweep failed')]);
      repeating.stop();
      await jest.advanceTimersByTimeAsync(3_000);
      expect(runs).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
