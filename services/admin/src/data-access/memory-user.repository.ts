import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import type { PlanId } from '@kadr/contracts';
import { newUserRecord, tierOfPlan, type UserRecord } from '../domain/read-model/user-record';
import type { UserPage, UserRepository, UserSearch } from './user.repository';

const notAfter = (set: Date | null, at: Date) => set === null || set.getTime() <= at.getTime();

/** Embedded mode and fast tests: the users in memory, persisted under DATA_DIR/admin when given. */
export class MemoryUserRepository implements UserRepository {
  private constructor(private readonly users: MemoryCollection<UserRecord>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryUserRepository> {
    return new MemoryUserRepository(await MemoryCollection.open<UserRecord>({ name: 'users', ...persistence }));
  }

  /** Find-or-create and change in one atomic step. */
  private async apply(userId: string, at: Date, change: (user: UserRecord) => void): Promise<void> {
    await this.users.upsertOne((u) => u.id === userId, {
      insert: () => {
        const user = newUserRecord(userId, at);
        change(user);
        return user;
      },
      update: change,
    });
  }

  recordRegistration({
    userId,
    email,
    name,
    registeredAt,
  }: {
    userId: string;
    email: string;
    name: string;
    registeredAt: Date;
  }): Promise<void> {
    return this.apply(userId, registeredAt, (user) => {
      Object.assign(user, {
        email,
        name,
        emailLower: email.toLowerCase(),
        nameLower: name.toLowerCase(),
        createdAt: registeredAt,
        registered: true,
      });
      if (user.lastSeenAt.getTime() < registeredAt.getTime()) user.lastSeenAt = registeredAt;
    });
  }

  recordActivity(userId: string, at: Date): Promise<void> {
    return this.apply(userId, at, (user) => {
      if (user.lastSeenAt.getTime() < at.getTime()) user.lastSeenAt = at;
    });
  }

  recordBalance(userId: string, { balance, heldCredits }: { balance: number; heldCredits: number }, at: Date) {
    return this.apply(userId, at, (user) => {
      if (notAfter(user.balanceAt, at)) Object.assign(user, { balance, heldCredits, balanceAt: at });
    });
  }

  recordPlan(userId: string, plan: PlanId | null, at: Date): Promise<void> {
    return this.apply(userId, at, (user) => {
      if (notAfter(user.planAt, at)) Object.assign(user, { plan, tier: tierOfPlan(plan), planAt: at });
    });
  }

  find(userId: string): Promise<UserRecord | null> {
    return this.users.findById(userId);
  }

  async search({ q, skip, take }: UserSearch): Promise<UserPage> {
    const needle = q?.toLowerCase();
    const matches = needle
      ? (u: { emailLower: string; nameLower: string }) => u.emailLower.includes(needle) || u.nameLower.includes(needle)
      : undefined;
    const [items, total] = await Promise.all([
      this.users.find(matches, { sort: { createdAt: -1, id: 1 }, skip, limit: take }),
      this.users.count(matches),
    ]);
    return { items, total };
  }

  delete(userId: string): Promise<boolean> {
    return this.users.deleteOne(userId);
  }

  close(): Promise<void> {
    return this.users.close();
  }
}
