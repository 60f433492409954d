import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { BlobStore } from '../port';
import { sendProblem } from './problem-response';
import { DEFAULT_SIGNED_PATH_PREFIX, normalizePathPrefix, signingKeyFrom } from './signed-url';
import { checkUploadFields } from './signed-upload-policy';

export interface SignedUploadHandlerOptions {
  /** The store's signing secret. */
  secret: string | Buffer;
  /** The store's signed path (default `/blobs`): uploads are POSTed to exactly this path. */
  pathPrefix?: string;
  /** Clock in milliseconds, for tests. */
  now?: () => number;
}

/** A plain node handler; the optional `next` makes it an express middleware too. */
export type SignedUploadHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/** Parts a form may have before the file (S3 takes a handful; more is not a browser's upload form). */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 8 * 1024;

/** An upload rejected for its body: the status and words the browser gets. */
class RefusedUpload extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Serves the forms of FileSystemBlobStore.presignPost (embedded mode's stand-in for S3's POST Object):
 * multipart/form-data POSTed to the signed path, fields first, then one part named `file`. The file
 * is stored only when the signature is good, the policy has not expired, the form's key and
 * Content-Type are the policy's and the body is 1..maxBytes bytes — counted as it streams, so an
 * oversized body is cut off without being kept. 204 on success, as S3 answers; other requests go
 * to `next` (or get a 404 without one).
 */
export function createSignedUploadHandler(store: BlobStore, options: SignedUploadHandlerOptions): SignedUploadHandler {
  const signingKey = signingKeyFrom(options.secret);
  const uploadPath = normalizePathPrefix(options.pathPrefix ?? DEFAULT_SIGNED_PATH_PREFIX);
  const now = options.now ?? Date.now;

  return (req, res, next) => {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const path = new URL(url, 'http://upload.invalid').pathname;
    if (req.method !== 'POST' || path !== uploadPath) {
      if (next) next();
      else sendProblem(req, res, 404, 'not_found', 'Not found');
      return;
    }
    receiveUpload(store, signingKey, Math.floor(now() / 1000), req).then(
      () => {
        res.statusCode = 204;
        res.setHeader('Cache-Control', 'no-store');
        res.end();
      },
      (error: unknown) => {
        // The rest of a refused body is not read: the connection closes after the answer.
        res.setHeader('Connection', 'close');
        if (error instanceof RefusedUpload) sendProblem(req, res, error.status, error.reason, error.message);
        else sendProblem(req, res, 500, 'unknown', 'Unexpected error');
      },
    );
  };
}

function receiveUpload(store: BlobStore, signingKey: Buffer, nowSeconds: number, req: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: req.headers, limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES } });
    } catch {
      reject(new RefusedUpload(400, 'validation', 'An upload must be sent as multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    let stored: Promise<void> | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(form);
      req.resume();
      reject(error instanceof Error ? error : new Error(String(error)));
    };

    form.on('field', (name, value) => {
      fields[name] = value;
    });
    form.on('file', (name, file) => {
      if (name !== 'file' || stored) {
        file.resume();
        fail(new RefusedUpload(400, 'validation', 'The form must have exactly one part named "file", sent last.'));
        return;
      }
      const check = checkUploadFields(signingKey, fields, nowSeconds);
      if (!check.ok) {
        file.resume();
        fail(
          new RefusedUpload(
            403,
            'forbidden',
            check.reason === 'expired' ? 'This upload link has expired.' : 'This upload does not match its policy.',
          ),
        );
        return;
      }
      const { key, contentType, maxBytes } = check.policy;
      let refusal: RefusedUpload | undefined;
      const body = sizeChecked(file, maxBytes, (refused) => {
        refusal = refused;
      });
      // The store may wrap the body's error in its own: the refusal is what the browser is told.
      stored = store.put(key, body, { contentType }).catch((error: unknown) => {
        throw refusal ?? error;
      });
      stored.catch(fail);
    });
    form.on('partsLimit', () => fail(new RefusedUpload(400, 'validation', 'The form has too many parts.')));
    form.on('fieldsLimit', () => fail(new RefusedUpload(400, 'validation', 'The form has too many fields.')));
    form.on('error', () => fail(new RefusedUpload(400, 'validation', 'The upload form could not be read.')));
    form.on('close', () => {
      if (!stored) {
        fail(new RefusedUpload(400, 'validation', 'The form has no file.'));
        return;
      }
      stored.then(() => {
        if (!settled) {
          settled = true;
          resolve();
        }
      }, fail);
    });
    req.pipe(form);
  });
}

/**
 * The file part, failing once it passes `maxBytes` or when it ends empty: the store then keeps
 * nothing (a failing body leaves no object), as S3 refuses a body outside `content-length-range`.
 */
function sizeChecked(file: Readable, maxBytes: number, onRefusal: (refusal: RefusedUpload) => void): Readable {
  let size = 0;
  const refuse = (refusal: RefusedUpload) => {
    onRefusal(refusal);
    return refusal;
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(refuse(new RefusedUpload(400, 'payload_too_large', `The file is larger than ${maxBytes} bytes.`)));
      } else callback(null, chunk);
    },
    flush(callback) {
      callback(size === 0 ? refuse(new RefusedUpload(400, 'validation', 'The file is empty.')) : null);
    },
  });
  return pipeline(file, counter, () => {
    // An error already reached the store through `counter`; nothing else to clean up here.
  });
}
