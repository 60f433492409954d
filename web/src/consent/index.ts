export {
  useConsent,
  currentConsent,
  followConsentAcrossTabs,
  CONSENT_STORAGE_KEY,
  type ConsentChoices,
  type ConsentState,
} from './consent-store';
