import { openMemoryModelStores } from './support/ledger-model/memory-model-stores';
import { runLedgerModel } from './support/ledger-model/run-ledger-model';

/**
 * Issue 13's ledger model check on the memory adapters (`npm test` size): random interleavings
 * of holds (credits and allowance), requeue generations, captures, releases, deletions,
 * package and plan purchases, cancels, period roll-overs and a lagging relay, with job and
 * payment events delivered late, reordered and duplicated — through commerce's HTTP routes
 * and consumers — and the ledger's invariants after every step (support/ledger-model).
 * LEDGER_MODEL_SEED replays a run; LEDGER_MODEL_RUNS sizes it.
 */
describe('ledger model check [memory]', () => {
  it('keeps every ledger invariant after every step', async () => {
    await runLedgerModel('ledger model check [memory]', openMemoryModelStores, { defaultRuns: 50, perCase: true });
  }, 300_000);
});
