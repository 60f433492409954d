import { InternalCallerSchema, callingServiceOf, serviceSubject } from '../src';

describe('InternalCallerSchema', () => {
  it('accepts a user caller and drops the token’s other claims', () => {
    const caller = InternalCallerSchema.parse({
      sub: 'user-1',
      email: 'ala@example.com',
      roles: ['user'],
      name: 'Ala',
      iat: 1,
      exp: 2,
      aud: 'commerce',
    });
    expect(caller).toEqual({ sub: 'user-1', email: 'ala@example.com', roles: ['user'], name: 'Ala' });
    expect(callingServiceOf(caller)).toBeUndefined();
  });

  it('accepts a service caller without email or name', () => {
    const caller = InternalCallerSchema.parse({ sub: serviceSubject('commerce'), roles: [] });
    expect(caller.sub).toBe('service:commerce');
    expect(callingServiceOf(caller)).toBe('commerce');
  });

  it.each([
    ['no sub', { roles: [] }],
    ['an empty sub', { sub: '', roles: [] }],
    ['no roles', { sub: 'user-1' }],
    ['roles that are not strings', { sub: 'user-1', roles: [1] }],
    ['a non-string email', { sub: 'user-1', roles: [], email: 42 }],
  ])('rejects claims with %s', (_label, claims) => {
    expect(InternalCallerSchema.safeParse(claims).success).toBe(false);
  });
});
