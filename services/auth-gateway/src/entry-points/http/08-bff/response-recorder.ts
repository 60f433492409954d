import type { Response } from 'express';

export interface RecordedResponse {
  status: number;
  /** Response headers as set when the handler ended the response (lowercase names). */
  headers: Record<string, string>;
  /** The body bytes, or undefined when more than `maxBodyBytes` went out. */
  body: Buffer | undefined;
}

export interface RecorderOptions {
  maxBodyBytes: number;
  /**
   * Runs when the handler ends the response; the last bytes (and so the end of the response) go
   * out only after it settles, so a client that has the whole answer can already replay it.
   */
  beforeEnd(recorded: RecordedResponse): Promise<void>;
  /** The connection closed before the handler ended the response. */
  onAbandoned(): void;
}

type WriteCallback = (error?: Error | null) => void;
type Chunk = string | Buffer | Uint8Array;

/**
 * Watches what a handler sends — streamed or not — while it goes to the client, so it can be
 * kept for idempotent replay without buffering the response in front of the client.
 */
export function recordResponse(res: Response, options: RecorderOptions): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflowed = false;
  let ended = false;

  const keep = (chunk: unknown, encoding: unknown): void => {
    if (overflowed || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes = toBuffer(chunk as Chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += bytes.length;
    if (size > options.maxBodyBytes) {
      overflowed = true;
      chunks.length = 0;
      return;
    }
    chunks.push(bytes);
  };

  const write = res.write.bind(res) as (chunk: Chunk, encoding?: unknown, callback?: WriteCallback) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;

  res.write = ((chunk: Chunk, encoding?: unknown, callback?: WriteCallback) => {
    keep(chunk, encoding);
    return write(chunk, encoding, callback);
  }) as Response['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (ended) return end(chunk, encoding, callback);
    ended = true;
    keep(chunk, encoding);
    const recorded: RecordedResponse = {
      status: res.statusCode,
      headers: headerSnapshot(res),
      body: overflowed ? undefined : Buffer.concat(chunks),
    };
    void options
      .beforeEnd(recorded)
      .catch(() => undefined)
      .finally(() => end(chunk, encoding, callback));
    return res;
  }) as Response['end'];

  res.on('close', () => {
    if (!ended) options.onAbandoned();
  });
}

function toBuffer(chunk: Chunk, encoding: BufferEncoding): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding);
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function headerSnapshot(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
