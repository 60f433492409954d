import { webAppContentSecurityPolicy } from './app';

describe('webAppContentSecurityPolicy', () => {
  it('keeps everything on our own origin and forbids framing and plugins', () => {
    const csp = webAppContentSecurityPolicy('https://kadr.example');
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['media-src']).toContain("'self'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
  });

  it('does not upgrade requests when the product is served over plain http (local development)', () => {
    expect(webAppContentSecurityPolicy('http://127.0.0.1:8080')).not.toHaveProperty('upgrade-insecure-requests');
  });
});
