export {
  startDevIdentityProvider,
  type DevClient,
  type DevIdentityProviderOptions,
  type RunningDevIdentityProvider,
} from './dev-identity-provider';
export type { DevAccountInput } from './dev-accounts';
