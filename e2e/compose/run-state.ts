/**
 * What a compose run leaves for the next step of the same CI stage: the compose stage takes the
 * stack down (volumes kept) and up again, then persistence.compose.test.ts checks that the users,
 * balances, jobs and videos recorded here are all still there. The file lives in
 * KADR_COMPOSE_STATE_DIR (tools/compose/ci.sh); without the variable nothing is recorded.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface RecordedJob {
  id: string;
  /** Seconds of video (5, 10, 15). */
  duration: number;
  cost: number;
}

export interface RunState {
  /** The demo user's balance as commerce had it at the end of the last step that recorded it. */
  demoBalance?: number;
  /** Completed jobs of the demo user, with their videos. */
  jobs: RecordedJob[];
  /** Paid orders of the demo user. */
  orders: string[];
}

const stateFile = (): string | undefined => {
  const dir = process.env.KADR_COMPOSE_STATE_DIR;
  return dir ? path.join(dir, 'compose-run-state.json') : undefined;
};

export function readRunState(): RunState | undefined {
  const file = stateFile();
  if (!file || !fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RunState;
}

/** Adds to the recorded state (jobs and orders appended, the balance replaced). */
export function recordRunState(change: { demoBalance?: number; jobs?: RecordedJob[]; orders?: string[] }): void {
  const file = stateFile();
  if (!file) return;
  const current = readRunState() ?? { jobs: [], orders: [] };
  const next: RunState = {
    demoBalance: change.demoBalance ?? current.demoBalance,
    jobs: [...current.jobs, ...(change.jobs ?? [])],
    orders: [...current.orders, ...(change.orders ?? [])],
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
}

/** Starts the record afresh (the journey, first step of a run on a clean stack). */
export function resetRunState(): void {
  const file = stateFile();
  if (file) fs.rmSync(file, { force: true });
}
