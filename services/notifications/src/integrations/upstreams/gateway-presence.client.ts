import { GATEWAY_INTERNAL_PRESENCE_PATH, UserPresenceResponseSchema, type UserPresence } from '@kadr/contracts';
import type { PresenceSource } from '../../domain/email/email-dispatcher';
import type { ServiceCall } from './service-call';

/** The gateway's record of the user's live streams (`GET /internal/users/:id/presence`). */
export class GatewayPresenceClient implements PresenceSource {
  constructor(private readonly gateway: ServiceCall) {}

  async presenceOf(userId: string): Promise<UserPresence> {
    const body = await this.gateway.getJson(GATEWAY_INTERNAL_PRESENCE_PATH.replace(':id', encodeURIComponent(userId)));
    return UserPresenceResponseSchema.parse(body).data;
  }
}
