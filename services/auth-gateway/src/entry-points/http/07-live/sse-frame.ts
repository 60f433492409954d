/**
 * The text/event-stream wire format (WHATWG HTML, "Server-sent events"): one event is a block
 * of `field: value` lines ended by a blank line. Our ids are log ids and our data is one line
 * of JSON, so no value ever holds a line break.
 */
export interface SseEvent {
  id: string;
  event: string;
  data: unknown;
  /** Asks the browser to wait this long before reconnecting. */
  retryMs?: number;
}

export function sseFrame({ id, event, data, retryMs }: SseEvent): string {
  const retry = retryMs === undefined ? '' : `retry: ${Math.max(0, Math.round(retryMs))}\n`;
  return `${retry}id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The frame of each live entry, made on first use: the entry object is shared by every connection of its user. */
const entryFrames = new WeakMap<object, Buffer>();

/**
 * The wire bytes of a feed entry, serialised once per entry and replica and handed as the same
 * Buffer to every connection of the user (a socket write of a Buffer is not re-encoded per
 * socket, unlike a string). Dropped with the entry once no connection holds it.
 */
export function entryFrame(entry: { id: string; event: { name: string; data: unknown } }): Buffer {
  let frame = entryFrames.get(entry);
  if (!frame) {
    frame = Buffer.from(sseFrame({ id: entry.id, event: entry.event.name, data: entry.event.data }));
    entryFrames.set(entry, frame);
  }
  return frame;
}
