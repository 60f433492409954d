import { Registry } from 'prom-client';
import { commerceMetricsOf } from './commerce-metrics';

async function series(registry: Registry, name: string) {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no ${name}`);
  return (await metric.get()).values.map(({ labels, value }) => ({ ...labels, value }));
}

describe('commerce metrics', () => {
  it('start every series of their fixed label sets at 0', async () => {
    const registry = new Registry();
    commerceMetricsOf(registry);
    const holds = await series(registry, 'credit_holds_total');
    expect(holds).toHaveLength(6);
    expect(holds).toContainEqual({ source: 'allowance', outcome: 'released', value: 0 });
    expect(await series(registry, 'credits_granted_total')).toEqual([
      { reason: 'welcome', value: 0 },
      { reason: 'purchase', value: 0 },
    ]);
    const payments = await series(registry, 'payments_total');
    expect(payments).toHaveLength(10);
    expect(payments.every(({ value }) => value === 0)).toBe(true);
    expect(payments).toContainEqual({ provider: 'tpay', outcome: 'failed', value: 0 });
  });

  it('count on top of the zeros', async () => {
    const registry = new Registry();
    const metrics = commerceMetricsOf(registry);
    metrics.observer.paymentChanged('mock', 'failed');
    metrics.observer.creditsGranted('purchase', 300);
    expect(await series(registry, 'payments_total')).toContainEqual({ provider: 'mock', outcome: 'failed', value: 1 });
    expect(await series(registry, 'credits_granted_total')).toContainEqual({ reason: 'purchase', value: 300 });
  });
});
