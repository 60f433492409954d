import type { InternalCaller } from '@kadr/http-kit';

/** Who the gateway is when it calls on nobody's behalf (public routes without a session). */
export const GATEWAY_SERVICE_CALLER: InternalCaller = { kind: 'service', service: 'auth-gateway', roles: [] };
