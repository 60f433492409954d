import type { AdminDeadLetter, AdminDeadLetterTopic } from '@kadr/contracts';
import { replayDeadLetter, type DeadLetter, type EventBus } from '@kadr/event-bus';
import type { DeadLetterHandlingRepository } from '../../data-access/dead-letter-handling.repository';
import { handlingIdOf, isHandled, type DeadLetterHandlingRecord } from './dead-letter-handling';
import { deadLetterView, eventIdOf } from './dead-letter-view';

/**
 * A replay claim older than this is taken to have died with its process (a publish that is still
 * retrying gives up long before), so another replay may take it over.
 */
export const STALE_REPLAY_MS = 60_000;

/**
 * The bus could not be read or did not take the replay (Kafka down, a read that timed out): 503,
 * through the `problem` tag @kadr/http-kit's error mapping reads.
 */
export class EventBusUnavailableError extends Error {
  readonly problem = { status: 503, reason: 'service_unavailable' } as const;

  constructor(cause: unknown) {
    super('the event bus is unavailable', { cause });
    this.name = 'EventBusUnavailableError';
  }
}

/** Runs a call to the bus, any failure of it told apart from admin's own. */
async function onBus<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new EventBusUnavailableError(error);
  }
}

export type DeadLetterStatus = 'pending' | 'handled' | 'all';

export type DeadLetterActionResult =
  | { outcome: 'done' | 'already_handled'; letter: AdminDeadLetter }
  | { outcome: 'not_found' }
  | { outcome: 'conflict'; detail: string };

export interface DeadLetterDeskDeps {
  bus: Pick<EventBus, 'readDeadLetters' | 'publish'>;
  handlings: DeadLetterHandlingRepository;
  /** The topics whose dead letters the screen lists (the catalogue). */
  topics: readonly string[];
  now: () => Date;
}

/**
 * The administrator's dead letters: the bus's `.dlq` topics joined with admin's own record of what
 * was done with each (the bus cannot delete one message). A replay claims the letter before it
 * publishes, so two replays — a double click, two administrators — publish it once.
 */
export class DeadLetterDesk {
  constructor(private readonly deps: DeadLetterDeskDeps) {}

  async topics(): Promise<AdminDeadLetterTopic[]> {
    const letters = await onBus(() => this.deps.bus.readDeadLetters([...this.deps.topics]));
    const handlings = await this.handlingsOf(letters);
    return this.deps.topics.map((topic) => {
      const own = letters.filter((letter) => letter.topic === topic);
      const handled = own.filter((letter) => isHandled(handlings.get(handlingIdOf(letter)))).length;
      return { topic, pending: own.length - handled, handled };
    });
  }

  /** Newest failure first. */
  async page(
    topic: string,
    { skip, take, status }: { skip: number; take: number; status: DeadLetterStatus },
  ): Promise<{ items: AdminDeadLetter[]; total: number }> {
    const letters = (await onBus(() => this.deps.bus.readDeadLetters([topic]))).reverse();
    const handlings = await this.handlingsOf(letters);
    const listed = letters.filter(
      (letter) => status === 'all' || isHandled(handlings.get(handlingIdOf(letter))) === (status === 'handled'),
    );
    return {
      items: listed
        .slice(skip, skip + take)
        .map((letter) => deadLetterView(letter, handlings.get(handlingIdOf(letter)))),
      total: listed.length,
    };
  }

  async replay(topic: string, id: string, by: string): Promise<DeadLetterActionResult> {
    const letter = await this.find(topic, id);
    if (!letter) return { outcome: 'not_found' };
    const claim = this.handling(letter, 'replaying', by, null);
    const { record, created } = await this.deps.handlings.claim(claim);
    if (!created) {
      if (record.action === 'replayed') return this.result('already_handled', letter, record);
      if (record.action === 'discarded') return conflict('This dead letter was discarded; it cannot be replayed.');
      const fresh = claim.at.getTime() - record.at.getTime() < STALE_REPLAY_MS;
      if (fresh || !(await this.deps.handlings.takeOver(claim.id, record.at, claim))) {
        return conflict('A replay of this dead letter is in progress.');
      }
    }
    try {
      await onBus(() => replayDeadLetter(this.deps.bus, letter));
    } catch (error) {
      // Not published: drop the claim so the administrator can try again at once (should dropping it
      // fail too, the claim goes stale and a replay takes it over after STALE_REPLAY_MS).
      await this.deps.handlings.release(claim.id, claim.at).catch(() => undefined);
      throw error;
    }
    const done = await this.deps.handlings.finishReplay(claim.id);
    return this.result('done', letter, done ?? { ...claim, action: 'replayed' });
  }

  async discard(topic: string, id: string, by: string, reason: string): Promise<DeadLetterActionResult> {
    const letter = await this.find(topic, id);
    if (!letter) return { outcome: 'not_found' };
    const { record, created } = await this.deps.handlings.claim(this.handling(letter, 'discarded', by, reason));
    if (created) return this.result('done', letter, record);
    if (record.action === 'discarded') return this.result('already_handled', letter, record);
    return conflict(
      record.action === 'replayed'
        ? 'This dead letter was replayed; there is nothing left to discard.'
        : 'A replay of this dead letter is in progress.',
    );
  }

  private async find(topic: string, id: string): Promise<DeadLetter | undefined> {
    return (await onBus(() => this.deps.bus.readDeadLetters([topic]))).find((letter) => letter.id === id);
  }

  private async handlingsOf(letters: DeadLetter[]): Promise<Map<string, DeadLetterHandlingRecord>> {
    const records = await this.deps.handlings.findMany(letters.map(handlingIdOf));
    return new Map(records.map((record) => [record.id, record]));
  }

  private handling(
    letter: DeadLetter,
    action: DeadLetterHandlingRecord['action'],
    by: string,
    reason: string | null,
  ): DeadLetterHandlingRecord {
    const { topic, id: letterId } = letter;
    return {
      id: handlingIdOf(letter),
      topic,
      letterId,
      action,
      by,
      at: this.deps.now(),
      reason,
      eventId: eventIdOf(letter),
    };
  }

  private result(
    outcome: 'done' | 'already_handled',
    letter: DeadLetter,
    record: DeadLetterHandlingRecord,
  ): DeadLetterActionResult {
    return { outcome, letter: deadLetterView(letter, record) };
  }
}

const conflict = (detail: string): DeadLetterActionResult => ({ outcome: 'conflict', detail });
