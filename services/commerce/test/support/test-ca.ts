import 'reflect-metadata';
import { createPrivateKey, sign, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALG = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

export interface TestCertificate {
  pem: string;
  privateKey: KeyObject;
}

export interface TestCa {
  root: TestCertificate;
  /** Signs notifications, issued by the root (what Tpay's x5u serves). */
  leaf: TestCertificate;
}

async function keyPair(): Promise<webcrypto.CryptoKeyPair> {
  return await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
}

async function toKeyObject(key: webcrypto.CryptoKey): Promise<KeyObject> {
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

/** A root CA and a leaf it issued (RSA 2048, valid ±1 day), generated for the test run. */
export async function createTestCa(name = 'Test Tpay JWS Root'): Promise<TestCa> {
  const notBefore = new Date(Date.now() - 86_400_000);
  const notAfter = new Date(Date.now() + 86_400_000);
  const rootKeys = await keyPair();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name}`,
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  const leafKeys = await keyPair();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=notifications-jws',
    issuer: root.subject,
    notBefore,
    notAfter,
    signingKey: rootKeys.privateKey,
    publicKey: leafKeys.publicKey,
    signingAlgorithm: ALG,
  });
  return {
    root: { pem: root.toString('pem'), privateKey: await toKeyObject(rootKeys.privateKey) },
    leaf: { pem: leaf.toString('pem'), privateKey: await toKeyObject(leafKeys.privateKey) },
  };
}

/** `X-JWS-Signature` as Tpay makes it: RS256, detached payload (header..signature). */
export function signDetached(body: string, privateKey: KeyObject, x5u: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', x5u })).toString('base64url');
  const input = `${header}.${Buffer.from(body).toString('base64url')}`;
  const signature = sign('sha256', Buffer.from(input), privateKey).toString('base64url');
  return `${header}..${signature}`;
}
