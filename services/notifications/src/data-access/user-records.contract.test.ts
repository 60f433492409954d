import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import type { JobPromptRepository } from './job-prompt.repository';
import { MemoryJobPromptRepository } from './memory-job-prompt.repository';
import { MemoryPreferenceRepository } from './memory-preference.repository';
import { MemoryRecipientRepository } from './memory-recipient.repository';
import { MongooseJobPromptRepository } from './mongoose-job-prompt.repository';
import { MongoosePreferenceRepository } from './mongoose-preference.repository';
import { MongooseRecipientRepository } from './mongoose-recipient.repository';
import type { PreferenceRepository } from './preference.repository';
import type { RecipientRepository } from './recipient.repository';

const at = new Date('2026-11-01T12:00:00.000Z');

describeRepositoryContract<PreferenceRepository>(
  'notification preferences',
  {
    memory: async () => {
      const repo = await MemoryPreferenceRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (c) => Promise.resolve({ repo: new MongoosePreferenceRepository(c), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('starts with both on, changes only what is named, and forgets', async () => {
      const userId = randomUUID();
      expect(await getRepo().find(userId)).toEqual({ email: true, browser: true });
      expect(await getRepo().update(userId, { email: false }, at)).toEqual({ email: false, browser: true });
      expect(await getRepo().update(userId, { browser: false }, at)).toEqual({ email: false, browser: false });
      expect(await getRepo().update(userId, { email: true }, at)).toEqual({ email: true, browser: false });
      expect(await getRepo().find(userId)).toEqual({ email: true, browser: false });
      expect(await getRepo().delete(userId)).toBe(true);
      expect(await getRepo().find(userId)).toEqual({ email: true, browser: true });
    });
  },
);

describeRepositoryContract<RecipientRepository>(
  'recipients',
  {
    memory: async () => {
      const repo = await MemoryRecipientRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (c) => Promise.resolve({ repo: new MongooseRecipientRepository(c), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('saves, replaces and deletes a recipient', async () => {
      const id = randomUUID();
      await getRepo().save({ id, email: 'a@example.com', name: 'A', language: 'en' });
      await getRepo().save({ id, email: 'b@example.com', name: 'B', language: 'pl' });
      expect(await getRepo().find(id)).toEqual({ id, email: 'b@example.com', name: 'B', language: 'pl' });
      expect(await getRepo().delete(id)).toBe(true);
      expect(await getRepo().find(id)).toBeNull();
    });
  },
);

describeRepositoryContract<JobPromptRepository>(
  'job prompts',
  {
    memory: async () => {
      const repo = await MemoryJobPromptRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (c) => Promise.resolve({ repo: new MongooseJobPromptRepository(c), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it("keeps the first prompt of a job, deletes it, and deletes a user's", async () => {
      const userId = randomUUID();
      const [a, b] = [randomUUID(), randomUUID()];
      await getRepo().save({ id: a, userId, prompt: 'first' });
      await getRepo().save({ id: a, userId, prompt: 'redelivered' });
      await getRepo().save({ id: b, userId, prompt: 'second' });
      expect(await getRepo().find(a)).toEqual({ id: a, userId, prompt: 'first' });
      expect(await getRepo().delete(a)).toBe(true);
      expect(await getRepo().delete(a)).toBe(false);
      expect(await getRepo().deleteForUser(userId)).toBe(1);
      expect(await getRepo().find(b)).toBeNull();
    });
  },
);
