import { INBOX_SIZE } from '../../config/constants';
import { withAllRead, withArrival, withLocalRead, withRead } from './inbox-cache';
import { makeNotification } from './testing/fake-notification';

const inboxOf = (count: number, unread = count) => ({
  data: Array.from({ length: count }, (_, index) => makeNotification({ id: `n${count - index}` })),
  unread,
});

describe('the cached inbox', () => {
  it('puts a new notification at the top with the event’s unread count, and keeps 50', () => {
    const full = inboxOf(INBOX_SIZE);
    const next = withArrival(full, makeNotification({ id: 'new' }), 51);
    expect(next.data).toHaveLength(INBOX_SIZE);
    expect(next.data[0]?.id).toBe('new');
    expect(next.data.at(-1)?.id).toBe('n2'); // the oldest, n1, is gone
    expect(next.unread).toBe(51);
  });

  it('a notification it already holds (a replayed frame) takes its place, not a second one', () => {
    const inbox = inboxOf(3);
    const replayed = makeNotification({ id: 'n2', readAt: '2030-01-08T12:00:00.000Z' });
    const next = withArrival(inbox, replayed, 2);
    expect(next.data.map((entry) => entry.id)).toEqual(['n3', 'n2', 'n1']);
    expect(next.data[1]).toBe(replayed);
  });

  it('reading one: at once here (one fewer unread), then as the server answered', () => {
    const inbox = inboxOf(3);
    const local = withLocalRead(inbox, 'n2', '2030-01-08T12:00:00.000Z');
    expect(local.data[1]?.readAt).toBe('2030-01-08T12:00:00.000Z');
    expect(local.unread).toBe(2);
    // Already read, or not in the list: nothing changes.
    expect(withLocalRead(local, 'n2', '2030-01-08T12:01:00.000Z')).toBe(local);
    expect(withLocalRead(local, 'n9', '2030-01-08T12:01:00.000Z')).toBe(local);

    const answered = withRead(local, makeNotification({ id: 'n2', readAt: '2030-01-08T12:00:01.000Z' }), 7);
    expect(answered.data[1]?.readAt).toBe('2030-01-08T12:00:01.000Z');
    expect(answered.unread).toBe(7);
  });

  it('all read: every unread one gets the time, those read before keep theirs, none unread', () => {
    const inbox = {
      data: [makeNotification({ id: 'a' }), makeNotification({ id: 'b', readAt: 'earlier' })],
      unread: 1,
    };
    const next = withAllRead(inbox, 'now');
    expect(next.data.map((entry) => entry.readAt)).toEqual(['now', 'earlier']);
    expect(next.unread).toBe(0);
  });
});
