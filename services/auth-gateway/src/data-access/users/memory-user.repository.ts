import { MemoryCollection, type PersistenceOptions } from '@kadr/documents';
import { outboxStatsOf, type OutboxStats } from '@kadr/outbox';
import type { User } from '../../domain/identity/user';
import type { PendingOutbox, SignInUpdate, UserRepository } from './user.repository';

/** The users collection of the embedded mode and of fast tests (optionally persisted to a data folder). */
export class MemoryUserRepository implements UserRepository {
  private constructor(private readonly users: MemoryCollection<User>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryUserRepository> {
    const users = await MemoryCollection.open<User>({ name: 'users', unique: [['issuer', 'subject']], ...persistence });
    return new MemoryUserRepository(users);
  }

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  findByIdentity(issuer: string, subject: string): Promise<User | null> {
    return this.users.findOne((u) => u.issuer === issuer && u.subject === subject);
  }

  async insertIfAbsent(user: User): Promise<{ user: User; created: boolean }> {
    const { doc, inserted } = await this.users.upsertOne(
      (u) => u.issuer === user.issuer && u.subject === user.subject,
      { insert: () => user },
    );
    return { user: doc, created: inserted };
  }

  recordSignIn(id: string, update: SignInUpdate): Promise<User | null> {
    return this.users.updateOne(id, null, (u) => {
      u.email = update.email;
      u.emailVerified = update.emailVerified;
      u.name = update.name;
      u.roles = [...update.roles];
      u.lastLoginAt = update.lastLoginAt;
    });
  }

  delete(id: string): Promise<boolean> {
    return this.users.deleteOne(id);
  }

  async takeOutbox(limit: number): Promise<PendingOutbox[]> {
    const users = await this.users.find((u) => u.outbox.length > 0, { limit });
    return users.map((u) => ({ userId: u.id, entries: u.outbox }));
  }

  async removeFromOutbox(userId: string, entryIds: readonly string[]): Promise<void> {
    await this.users.updateOne(userId, null, (u) => {
      u.outbox = u.outbox.filter((entry) => !entryIds.includes(entry.id));
    });
  }

  async outboxStats(): Promise<OutboxStats> {
    const users = await this.users.find((u) => u.outbox.length > 0);
    return outboxStatsOf(users.flatMap((u) => u.outbox.map((entry) => entry.createdAt)));
  }

  close(): Promise<void> {
    return this.users.close();
  }
}
