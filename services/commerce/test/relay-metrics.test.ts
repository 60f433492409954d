import { randomUUID } from 'node:crypto';
import { createHarness, eventually } from './support/commerce-harness';

describe('commerce outbox relay metrics', () => {
  it("reports the accounts and orders outboxes, and what was published, in the service's registry", async () => {
    const h = await createHarness({ background: false });
    try {
      await h.accounts.ensure(randomUUID(), 'c'); // the welcome grant waits in the account's outbox
      await h.startBackground();
      const published = /^outbox_entries_published_total\{[^}]*outbox="accounts"[^}]*\} 1$/m;
      await eventually(async () => expect(await h.metrics.registry.metrics()).toMatch(published));
      const text = await h.metrics.registry.metrics();
      for (const outbox of ['accounts', 'orders']) {
        expect(text).toMatch(new RegExp(`^outbox_pending_entries\\{[^}]*outbox="${outbox}"[^}]*\\} 0$`, 'm'));
        expect(text).toMatch(new RegExp(`^outbox_oldest_entry_age_seconds\\{[^}]*outbox="${outbox}"[^}]*\\} 0$`, 'm'));
      }
    } finally {
      await h.close();
    }
  });
});
