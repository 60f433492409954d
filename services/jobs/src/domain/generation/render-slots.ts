/** No render slot came free in time: the bus delivers the message again after a backoff. */
export class WorkerBusyError extends Error {
  constructor() {
    super('every render slot of this worker is busy');
    this.name = 'WorkerBusyError';
  }
}

/**
 * A worker's render slots (WORKER_CONCURRENCY): one is taken for a claim and kept for its render.
 * A delivery that finds none free waits for the next one a render gives back, first come first
 * served, for at most `waitMs` (then WorkerBusyError, and the bus retries it later).
 */
export class RenderSlots {
  /** Deliveries waiting for a slot; each is handed a slot (resolve) or refused (reject). */
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  /** Slots taken: claiming or rendering (≤ capacity). */
  private taken = 0;

  constructor(
    private readonly capacity: number,
    private readonly waitMs: number,
  ) {}

  /** A free slot now, or false. */
  tryTake(): boolean {
    if (this.taken >= this.capacity) return false;
    this.taken += 1;
    return true;
  }

  /** A slot is free and no delivery waits for one (the idle poll's test). */
  hasIdleSlot(): boolean {
    return this.waiters.length === 0 && this.taken < this.capacity;
  }

  /** A slot at once when free, else the next one a render gives back (or WorkerBusyError after `waitMs`). */
  take(): Promise<void> {
    if (this.tryTake()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new WorkerBusyError());
      }, this.waitMs);
      this.waiters.push(waiter);
    });
  }

  /** A slot comes free: handed straight to a waiting delivery when `handOver`, else given back. */
  giveBack(handOver: boolean): void {
    const next = handOver ? this.waiters.shift() : undefined;
    if (next) next.resolve();
    else this.taken -= 1;
  }

  /** Every waiting delivery is refused (shutdown: their messages stay uncommitted). */
  refuseWaiting(error: () => Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error());
  }
}
