import { act } from '@testing-library/react';
import { CONSENT_DEFAULTS } from '../config/constants';
import { CONSENT_STORAGE_KEY, currentConsent, followConsentAcrossTabs, useConsent } from './consent-store';

const stored = () => JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as { state: unknown } | null;

beforeEach(async () => {
  localStorage.clear();
  useConsent.setState({ ...CONSENT_DEFAULTS });
  await useConsent.persist.rehydrate();
});

describe('consent store', () => {
  it('defaults to analytics on and remote logs off (spec §9)', () => {
    expect(CONSENT_DEFAULTS).toEqual({ analytics: true, remoteLogs: false });
    expect(currentConsent()).toEqual({ analytics: true, remoteLogs: false });
  });

  it('keeps the choices in localStorage under kadr.consent', () => {
    act(() => {
      useConsent.getState().setAnalytics(false);
      useConsent.getState().setRemoteLogs(true);
    });
    expect(currentConsent()).toEqual({ analytics: false, remoteLogs: true });
    expect(stored()?.state).toEqual({ analytics: false, remoteLogs: true });
  });

  it('restores stored choices and ignores values that are not booleans', async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ state: { analytics: false, remoteLogs: 'yes' }, version: 1 }),
    );
    await useConsent.persist.rehydrate();
    expect(currentConsent()).toEqual({ analytics: false, remoteLogs: false });
  });

  it('follows a choice made in another tab', async () => {
    const stop = followConsentAcrossTabs();
    try {
      localStorage.setItem(
        CONSENT_STORAGE_KEY,
        JSON.stringify({ state: { analytics: false, remoteLogs: true }, version: 1 }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
      await Promise.resolve();
      expect(currentConsent()).toEqual({ analytics: false, remoteLogs: true });
    } finally {
      stop();
    }
  });
});
