import { z } from 'zod';

/** The key id tokens carry in their `kid` header when INTERNAL_TOKEN_KEY_ID is not set. */
export const DEFAULT_INTERNAL_TOKEN_KEY_ID = 'k1';

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
const keyId = () => z.string().regex(KEY_ID, { error: 'must be 1 to 64 characters of A-Z a-z 0-9 . _ -' });
const secret = (params?: { error: string }) => z.string(params).min(32, { error: 'must be at least 32 characters' });

/**
 * The internal identity token's keys, the same in every service that mints or verifies one: spread
 * into the service's `z.object({...})` and add `.check(internalTokenKeyCheck)` for the rules across
 * variables. @kadr/http-kit's `internalTokenKeys(config)` turns the result into a key
 * ring (current key: mints and verifies; accepted key: verifies only — for rotating without an outage).
 */
export const internalTokenEnv = {
  INTERNAL_TOKEN_SECRET: secret({
    error: 'required: the key that signs and verifies internal identity tokens (at least 32 characters)',
  }),
  INTERNAL_TOKEN_KEY_ID: keyId().default(DEFAULT_INTERNAL_TOKEN_KEY_ID),
  INTERNAL_TOKEN_ACCEPTED_SECRET: secret().optional(),
  INTERNAL_TOKEN_ACCEPTED_KEY_ID: keyId().optional(),
};

export type InternalTokenEnv = z.output<z.ZodObject<typeof internalTokenEnv>>;

const VARIABLES: readonly string[] = Object.keys(internalTokenEnv);

function checkInternalTokenKeys(config: InternalTokenEnv, ctx: z.RefinementCtx<InternalTokenEnv>): void {
  const { INTERNAL_TOKEN_ACCEPTED_SECRET: acceptedSecret, INTERNAL_TOKEN_ACCEPTED_KEY_ID: acceptedKid } = config;
  if (acceptedSecret !== undefined && acceptedKid === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['INTERNAL_TOKEN_ACCEPTED_KEY_ID'],
      message: 'required when INTERNAL_TOKEN_ACCEPTED_SECRET is set (both or neither)',
    });
  }
  if (acceptedKid !== undefined && acceptedSecret === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['INTERNAL_TOKEN_ACCEPTED_SECRET'],
      message: 'required when INTERNAL_TOKEN_ACCEPTED_KEY_ID is set (both or neither)',
    });
  }
  if (acceptedKid !== undefined && acceptedKid === config.INTERNAL_TOKEN_KEY_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['INTERNAL_TOKEN_ACCEPTED_KEY_ID'],
      message: 'must differ from INTERNAL_TOKEN_KEY_ID (the accepted key is another key than the current one)',
    });
  }
}

/**
 * The rules across the internal token variables (both or neither of the accepted pair, another id
 * than the current key's), for the service's object schema: `z.object({...}).check(internalTokenKeyCheck)`.
 * It runs whenever these four variables parsed, also when another variable is bad, so that start-up
 * names every problem at once.
 */
export const internalTokenKeyCheck = z.superRefine(checkInternalTokenKeys, {
  when: ({ issues }) =>
    issues.every(
      (issue) => issue.path !== undefined && issue.path.length > 0 && !VARIABLES.includes(String(issue.path[0])),
    ),
});
