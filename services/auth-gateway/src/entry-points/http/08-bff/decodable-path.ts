import type { Request, RequestHandler } from 'express';
import { malformedUrlProblem } from '@kadr/http-kit';

/** Decoded control characters (NUL, CR, LF…) have no place in a Kadr path. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Whether every segment of a raw path (query removed) percent-decodes to UTF-8 without control
 * characters — what express and the services will do with it. A path that fails here would make
 * an upstream throw `URIError` (issue 13 finding 1), so the gateway answers it itself.
 */
export function isDecodablePath(rawPath: string): boolean {
  for (const segment of rawPath.split('/')) {
    try {
      if (CONTROL_CHARACTERS.test(decodeURIComponent(segment))) return false;
    } catch {
      return false;
    }
  }
  return true;
}

const rawPathOf = (req: Request): string => req.originalUrl.split('?')[0] ?? '';

/**
 * 400 `validation` for a path that does not decode, before anything is proxied: the gateway never
 * forwards a path its services cannot read, so no user can make a healthy service fail.
 */
export const rejectUndecodablePaths: RequestHandler = (req, _res, next) => {
  if (!isDecodablePath(rawPathOf(req))) throw malformedUrlProblem();
  next();
};
