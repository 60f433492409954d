import { z } from 'zod';

/** `sub` of service-to-service calls: `service:<name>` (e.g. `service:commerce`). */
export const SERVICE_SUBJECT_PREFIX = 'service:';

/**
 * The claims of the internal identity token every service-to-service HTTP call carries
 * (ARCHITECTURE §6). The gateway mints it for a user; a service calling on its own behalf
 * uses `sub: service:<name>`. Verifying the signature is http-kit's job; this is the shape.
 * Unknown claims (iat, exp, iss, aud…) are stripped.
 */
export const InternalCallerSchema = z.object({
  /** A user id, or `service:<name>` for a service. */
  sub: z.string().min(1),
  email: z.string().min(1).optional(),
  roles: z.array(z.string()),
  name: z.string().optional(),
});

export type InternalCaller = z.infer<typeof InternalCallerSchema>;

/** The `sub` a service uses for calls on its own behalf. */
export function serviceSubject(serviceName: string): string {
  return `${SERVICE_SUBJECT_PREFIX}${serviceName}`;
}

/** The service name when the caller is a service, otherwise undefined (a user). */
export function callingServiceOf(caller: Pick<InternalCaller, 'sub'>): string | undefined {
  return caller.sub.startsWith(SERVICE_SUBJECT_PREFIX) ? caller.sub.slice(SERVICE_SUBJECT_PREFIX.length) : undefined;
}
