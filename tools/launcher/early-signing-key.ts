/**
 * The development identity provider's signing key, generated from the first moment of `npm start`:
 * RSA key generation runs on the thread pool while the main thread loads the services' modules, so
 * it no longer waits in line before the provider starts (issue 19, start-up time). Imported by
 * embedded.ts before anything heavy; only node:crypto here. Not made when OIDC_ISSUER_URL names
 * another provider.
 */
import { generateKeyPair, type KeyObject } from 'node:crypto';

function generateSigningKey(): Promise<KeyObject> {
  return new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, privateKey) =>
      error ? reject(error) : resolve(privateKey),
    ),
  );
}

export const earlySigningKey: Promise<KeyObject> | undefined = process.env.OIDC_ISSUER_URL
  ? undefined
  : generateSigningKey();
// A failure surfaces where the key is awaited (the provider's start), not as an unhandled rejection now.
earlySigningKey?.catch(() => undefined);
