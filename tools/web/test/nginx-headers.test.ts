/**
 * The web image (nginx, cluster mode) sends the same security headers as the gateway (embedded
 * mode): the committed web/nginx files, read back, against what the gateway's app actually sends
 * for `/`. On a difference, regenerate:
 *   node --conditions=kadr-source --import tsx tools/web/generate-nginx-headers.ts
 */
import { serializeCsp, webAppCspDirectives } from '@kadr/contracts';
import { gatewaySecurityHeaders } from '../gateway-headers';
import { readCommittedNginxHeaders, readNginxHeaderFiles, renderNginxHeaderFiles } from '../nginx-header-file';

describe('web/nginx security headers', () => {
  it('are the headers the gateway sends, over http and behind a TLS-terminating ingress', async () => {
    const gateway = await gatewaySecurityHeaders();
    const nginx = readCommittedNginxHeaders();
    expect(nginx.http).toEqual(gateway.http);
    expect(nginx.https).toEqual(gateway.https);
  });

  it('carry the CSP of the single source, upgrade-insecure-requests only for https', () => {
    const nginx = readCommittedNginxHeaders();
    expect(nginx.http['content-security-policy']).toBe(serializeCsp(webAppCspDirectives(false)));
    expect(nginx.https['content-security-policy']).toBe(serializeCsp(webAppCspDirectives(true)));
    expect(nginx.https['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
  });

  it('reads back exactly what it renders, and refuses a value nginx would interpolate', () => {
    const headers = {
      http: { 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY' },
      https: { 'content-security-policy': "default-src 'self';upgrade-insecure-requests", 'x-frame-options': 'DENY' },
    };
    const { cspConf, headersConf } = renderNginxHeaderFiles(headers, 'test');
    expect(readNginxHeaderFiles(cspConf, headersConf)).toEqual(headers);
    expect(() => renderNginxHeaderFiles({ http: { 'x-a': 'price $1' }, https: { 'x-a': 'price $1' } }, 'test')).toThrow(
      /nginx string/,
    );
    expect(() => renderNginxHeaderFiles({ http: { 'x-a': 'a' }, https: { 'x-a': 'b' } }, 'test')).toThrow(
      /differs between http and https/,
    );
  });
});
