import { permissionsFor, rolesFor } from './roles';

describe('roles', () => {
  const adminEmail = 'admin@kadr.local';

  it('makes everyone a user', () => {
    expect(rolesFor({ email: 'someone@example.com', emailVerified: true }, adminEmail)).toEqual(['user']);
  });

  it('makes the verified ADMIN_EMAIL the administrator, case-insensitively and ignoring surrounding spaces', () => {
    expect(rolesFor({ email: 'admin@kadr.local', emailVerified: true }, adminEmail)).toEqual(['user', 'admin']);
    expect(rolesFor({ email: ' ADMIN@Kadr.Local ', emailVerified: true }, adminEmail)).toEqual(['user', 'admin']);
    expect(rolesFor({ email: 'admin@kadr.local', emailVerified: true }, 'Admin@KADR.local')).toEqual(['user', 'admin']);
  });

  it('never trusts an unverified address, even one equal to ADMIN_EMAIL', () => {
    expect(rolesFor({ email: 'admin@kadr.local', emailVerified: false }, adminEmail)).toEqual(['user']);
  });

  it('does not match look-alikes', () => {
    for (const email of ['admin@kadr.local.evil', 'xadmin@kadr.local', 'admin@kadr.locaI']) {
      expect(rolesFor({ email, emailVerified: true }, adminEmail)).toEqual(['user']);
    }
  });

  it('derives permissions from roles', () => {
    expect(permissionsFor(['user'])).toEqual([]);
    expect(permissionsFor(['user', 'admin'])).toEqual(['admin:users', 'admin:jobs', 'admin:logs']);
    expect(permissionsFor(['admin', 'admin', 'unknown-role'])).toEqual(['admin:users', 'admin:jobs', 'admin:logs']);
  });
});
