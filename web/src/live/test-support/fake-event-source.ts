import type { EventSourceLike, VisibilitySource } from '../live-stream';

/**
 * A stand-in for the browser's EventSource: records every instance, and lets a test open it,
 * send it frames (as the gateway writes them: a name, an id and JSON data) and fail it.
 */
export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];

  static reset(): void {
    FakeEventSource.instances = [];
  }

  /** The newest instance (the test fails if there is none). */
  static get latest(): FakeEventSource {
    const latest = FakeEventSource.instances.at(-1);
    if (!latest) throw new Error('no EventSource was created');
    return latest;
  }

  /** Instances not closed yet. */
  static get open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((instance) => !instance.closed);
  }

  closed = false;
  private readonly listeners = new Map<string, Array<(event: Event) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  /** The response headers arrived. */
  emitOpen(): void {
    this.dispatch('open', new Event('open'));
  }

  /** A network error, a non-200 answer or the end of the stream. */
  emitError(): void {
    this.dispatch('error', new Event('error'));
  }

  /** One `id: … / event: … / data: …` frame. */
  emitFrame(event: string, data: unknown = {}, id = ''): void {
    this.dispatch(event, new MessageEvent(event, { data: JSON.stringify(data), lastEventId: id }));
  }

  /** A frame whose data is not JSON. */
  emitRawFrame(event: string, data: string, id = ''): void {
    this.dispatch(event, new MessageEvent(event, { data, lastEventId: id }));
  }

  private dispatch(type: string, event: Event): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** A document whose visibility a test sets. */
export class FakeDocument implements VisibilitySource {
  visibilityState: DocumentVisibilityState = 'visible';
  private readonly listeners = new Set<() => void>();

  addEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  setVisibility(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    for (const listener of [...this.listeners]) listener();
  }
}
