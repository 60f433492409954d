import { randomUUID } from 'node:crypto';
import type { CommerceStores } from '../../../src/data-access/stores';
import { checkSeeded, propertySize } from '@kadr/tooling/seeded-property';
import { CommerceUnderTest } from './commerce-under-test';
import { LedgerModelCase } from './ledger-model';
import { caseArbitrary } from './ops';

const START = Date.parse('2026-01-31T12:00:00.000Z');

export interface ModelStores {
  stores: CommerceStores;
  close(): Promise<void>;
}

/**
 * The ledger model check: LEDGER_MODEL_RUNS cases (default `defaultRuns`) from
 * LEDGER_MODEL_SEED (default: a fresh seed), one line with the count and the seed, the seed and
 * the shrunk counterexample on a failure. Each case is a fresh user on a commerce composed on
 * `open()`'s stores — per case (`perCase`: memory, so no case scans the others' entries) or
 * one set for the whole run (a database, where each case's user keeps to itself).
 */
export async function runLedgerModel(
  title: string,
  open: () => Promise<ModelStores>,
  options: { defaultRuns: number; perCase: boolean },
): Promise<void> {
  const prefix = randomUUID().slice(0, 8);
  let shared: { model: ModelStores; commerce: CommerceUnderTest } | undefined;
  const start = async () => {
    const model = await open();
    return { model, commerce: await CommerceUnderTest.start(model.stores) };
  };
  const stop = async (running: { model: ModelStores; commerce: CommerceUnderTest }) => {
    await running.commerce.close();
    await running.model.close();
  };
  let run = 0;
  try {
    if (!options.perCase) shared = await start();
    await checkSeeded(
      title,
      propertySize('LEDGER_MODEL_SEED', 'LEDGER_MODEL_RUNS', options.defaultRuns),
      caseArbitrary,
      async (ops) => {
        run += 1;
        const running = shared ?? (await start());
        try {
          running.commerce.resetClock(START);
          await new LedgerModelCase(running.commerce, `lm-${prefix}-${run}`).run(ops);
        } finally {
          if (!shared) await stop(running);
        }
      },
    );
  } finally {
    if (shared) await stop(shared);
  }
}
