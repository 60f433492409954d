import { decodeEventOn } from '@kadr/contracts';
import { MemoryUserRepository } from '../../data-access/users/memory-user.repository';
import { createSignIn } from './sign-in';
import type { VerifiedIdentity } from './user';

const ISSUER = 'https://issuer.example';
const ADMIN_EMAIL = 'admin@kadr.local';

function identity(overrides: Partial<VerifiedIdentity> = {}): VerifiedIdentity {
  return {
    issuer: ISSUER,
    subject: 'sub-1',
    email: 'demo@kadr.local',
    emailVerified: true,
    name: 'Demo',
    ...overrides,
  };
}

describe('sign-in (use case)', () => {
  let users: MemoryUserRepository;
  let nudges: number;
  let clock: Date;
  beforeEach(async () => {
    users = await MemoryUserRepository.create();
    nudges = 0;
    clock = new Date('2025-03-01T10:00:00.000Z');
  });
  afterEach(() => users.close());

  const signIn = () =>
    createSignIn({ users, adminEmail: ADMIN_EMAIL, onOutboxWritten: () => (nudges += 1), now: () => clock });
  const context = { correlationId: 'corr-sign-in' };

  it('creates the user on first sign-in with user.registered in the same document', async () => {
    const user = await signIn()(identity({ locale: 'en-GB' }), {
      ...context,
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });
    expect(user).toMatchObject({
      issuer: ISSUER,
      subject: 'sub-1',
      email: 'demo@kadr.local',
      emailVerified: true,
      name: 'Demo',
      tenantId: null,
      roles: ['user'],
      createdAt: clock,
      lastLoginAt: clock,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.outbox).toHaveLength(1);
    const entry = user.outbox[0]!;
    expect(entry).toMatchObject({ topic: 'user.registered', key: user.id, correlationId: 'corr-sign-in' });
    expect(entry.traceparent).toMatch(/^00-/);
    const event = decodeEventOn('user.registered', Buffer.from(entry.value, 'base64'));
    expect(event.eventId).toBe(entry.id);
    expect(event.payload.value).toMatchObject({
      userId: user.id,
      email: 'demo@kadr.local',
      name: 'Demo',
      issuer: ISSUER,
      subject: 'sub-1',
      preferredLanguage: 'en',
    });
    expect(nudges).toBe(1);
    expect(await users.findById(user.id)).toEqual(user);
  });

  it('updates the user on later sign-ins without a second event, recomputing the roles each time', async () => {
    const first = await signIn()(identity(), context);
    clock = new Date('2025-03-02T10:00:00.000Z');
    const second = await signIn()(identity({ email: 'new@kadr.local', name: 'Renamed' }), context);
    expect(second).toMatchObject({
      id: first.id,
      email: 'new@kadr.local',
      name: 'Renamed',
      lastLoginAt: clock,
      createdAt: first.createdAt,
    });
    expect(second.outbox).toHaveLength(1); // still only the first, unpublished registration
    expect(nudges).toBe(1);

    const promoted = await signIn()(identity({ email: ADMIN_EMAIL }), context);
    expect(promoted.roles).toEqual(['user', 'admin']);
    const demoted = await signIn()(identity({ email: ADMIN_EMAIL, emailVerified: false }), context);
    expect(demoted.roles).toEqual(['user']);
  });

  it('gives the admin role to the verified ADMIN_EMAIL only — an unverified one stays a user', async () => {
    expect((await signIn()(identity({ subject: 'a', email: 'ADMIN@kadr.local' }), context)).roles).toEqual([
      'user',
      'admin',
    ]);
    expect(
      (await signIn()(identity({ subject: 'b', email: ADMIN_EMAIL, emailVerified: false }), context)).roles,
    ).toEqual(['user']);
  });

  it('registers one user (one event) when the same person signs in twice at once', async () => {
    const results = await Promise.all([signIn()(identity(), context), signIn()(identity(), context)]);
    expect(results[0].id).toBe(results[1].id);
    const pending = await users.takeOutbox(10);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.entries).toHaveLength(1);
  });

  it('falls back to pl for a missing or unsupported locale', async () => {
    const user = await signIn()(identity({ locale: 'de-DE' }), context);
    const event = decodeEventOn('user.registered', Buffer.from(user.outbox[0]!.value, 'base64'));
    expect(event.payload.value.preferredLanguage).toBe('pl');
  });
});
