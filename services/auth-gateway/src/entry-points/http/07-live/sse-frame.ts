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
