import { randomUUID } from 'node:crypto';
import { describeRepositoryContract } from '@kadr/documents/testing';
import { newShareToken, type ShareLink, type ShareReport } from '../domain/shares/share-link';
import { MemoryShareRepository } from './memory-share.repository';
import { MongooseShareRepository } from './mongoose-share.repository';
import type { ShareRepository } from './share.repository';

const BASE = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minute: number) => new Date(BASE + minute * 60_000);

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: randomUUID(),
    token: newShareToken(),
    jobId: randomUUID(),
    userId: randomUUID(),
    label: 'For the team',
    createdAt: at(0),
    expiresAt: null,
    revokedAt: null,
    revokedBy: null,
    hidePrompt: false,
    allowIndexing: false,
    shownAs: null,
    prompt: 'A fox in the snow',
    views: 0,
    ...overrides,
  };
}

function report(of: ShareLink, minute: number): ShareReport {
  return {
    id: randomUUID(),
    linkId: of.id,
    jobId: of.jobId,
    userId: of.userId,
    reason: 'spam',
    details: null,
    createdAt: at(minute),
  };
}

describeRepositoryContract<ShareRepository>(
  'share links',
  {
    memory: async () => {
      const repo = await MemoryShareRepository.create();
      return { repo, cleanup: () => repo.close() };
    },
    mongoose: (connection) =>
      Promise.resolve({ repo: new MongooseShareRepository(connection), cleanup: () => Promise.resolve() }),
  },
  (getRepo) => {
    it('stores a link and finds it by token and by id, every field intact', async () => {
      const l = link({ expiresAt: at(60), shownAs: 'Ala', label: null, prompt: null });
      await getRepo().insertLink(l);
      expect(await getRepo().findLinkByToken(l.token)).toEqual(l);
      expect(await getRepo().findLinkById(l.id)).toEqual(l);
      expect(await getRepo().findLinkByToken(newShareToken())).toBeNull();
      expect(await getRepo().findLinkById(randomUUID())).toBeNull();
    });

    it("lists one video's links newest first and counts those not revoked", async () => {
      const jobId = randomUUID();
      const older = link({ jobId, createdAt: at(1) });
      const newer = link({ jobId, createdAt: at(2) });
      await getRepo().insertLink(older);
      await getRepo().insertLink(newer);
      await getRepo().insertLink(link());
      expect((await getRepo().listLinksByJob(jobId)).map((l) => l.id)).toEqual([newer.id, older.id]);
      await getRepo().revokeLink(older.id, at(3), 'owner');
      expect(await getRepo().countUnrevokedByJob(jobId)).toBe(1);
    });

    it('revokes once: a second revocation keeps the first time and actor', async () => {
      const l = link();
      await getRepo().insertLink(l);
      const first = await getRepo().revokeLink(l.id, at(5), 'admin');
      expect(first).toMatchObject({ revokedAt: at(5), revokedBy: 'admin' });
      expect(await getRepo().revokeLink(l.id, at(9), 'owner')).toMatchObject({ revokedAt: at(5), revokedBy: 'admin' });
      expect(await getRepo().revokeLink(randomUUID(), at(9), 'owner')).toBeNull();
    });

    it('counts views of an active link only, also when 10 arrive at once', async () => {
      const l = link({ expiresAt: at(60) });
      await getRepo().insertLink(l);
      await Promise.all(Array.from({ length: 10 }, () => getRepo().countView(l.token, at(1))));
      expect((await getRepo().findLinkById(l.id))?.views).toBe(10);
      expect(await getRepo().countView(l.token, at(60))).toBeNull(); // expired at that instant
      await getRepo().revokeLink(l.id, at(2), 'owner');
      expect(await getRepo().countView(l.token, at(3))).toBeNull();
      expect((await getRepo().findLinkById(l.id))?.views).toBe(10);
    });

    it('lists reports newest first with the total, and pages them', async () => {
      const l = link();
      await getRepo().insertLink(l);
      const reports = [report(l, 1), report(l, 2), report(l, 3)];
      for (const r of reports) await getRepo().insertReport(r);
      const first = await getRepo().listReports({ skip: 0, limit: 2 });
      expect(first.total).toBe(3);
      expect(first.items).toEqual([reports[2], reports[1]]);
      expect((await getRepo().listReports({ skip: 2, limit: 2 })).items).toEqual([reports[0]]);
    });

    it("deletes a job's links and reports, nobody else's", async () => {
      const mine = link();
      const other = link();
      await getRepo().insertLink(mine);
      await getRepo().insertLink(link({ jobId: mine.jobId, userId: mine.userId }));
      await getRepo().insertLink(other);
      await getRepo().insertReport(report(mine, 1));
      await getRepo().insertReport(report(other, 2));
      expect(await getRepo().deleteByJob(mine.jobId)).toBe(2);
      expect(await getRepo().deleteByJob(mine.jobId)).toBe(0);
      expect(await getRepo().findLinkByToken(mine.token)).toBeNull();
      expect(await getRepo().findLinkByToken(other.token)).toEqual(other);
      expect((await getRepo().listReports({ skip: 0, limit: 10 })).items.map((r) => r.linkId)).toEqual([other.id]);
    });

    it("deletes every link and report of a user's videos, nobody else's", async () => {
      const userId = randomUUID();
      const a = link({ userId });
      const b = link({ userId });
      const other = link();
      for (const l of [a, b, other]) await getRepo().insertLink(l);
      await getRepo().insertReport(report(a, 1));
      await getRepo().insertReport(report(other, 2));
      expect(await getRepo().deleteByUser(userId)).toBe(2);
      expect(await getRepo().findLinkById(a.id)).toBeNull();
      expect(await getRepo().findLinkById(other.id)).toEqual(other);
      expect((await getRepo().listReports({ skip: 0, limit: 10 })).total).toBe(1);
    });
  },
);
