import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

export interface ExchangeOptions {
  method: string;
  headers: Record<string, string>;
  agent: http.Agent;
  signal: AbortSignal;
  body?: Buffer;
}

/**
 * One HTTP request with node:http, resolving once the response headers are in. node:http rather
 * than fetch: the body streams through untouched (fetch would decompress it and drop the
 * framing headers) and only the headers we set are sent (fetch adds accept-encoding and others).
 */
export function sendRequest(url: URL, options: ExchangeOptions): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = transport.request(
      url,
      { method: options.method, headers: options.headers, agent: options.agent, signal: options.signal },
      resolve,
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Reads a whole body, refusing more than `maxBytes` (the stream is destroyed then). */
export async function readBody(stream: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
