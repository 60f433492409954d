import { onNotificationsEvent, parseNotificationsEvent, publishNotificationsEvent } from './notification-events';

const view = {
  id: 'n1',
  kind: 'job_failed',
  jobId: 'j1',
  prompt: '',
  reason: 'aiproxy_error',
  createdAt: '2030-01-08T12:00:00.000Z',
  readAt: null,
};

describe('the notifications frame', () => {
  it('takes a new notification, or null (read elsewhere), with the unread count', () => {
    expect(parseNotificationsEvent({ unread: 2, notification: view })).toEqual({ unread: 2, notification: view });
    expect(parseNotificationsEvent({ unread: 0, notification: null })).toEqual({ unread: 0, notification: null });
  });

  it.each([
    ['no data', undefined],
    ['a negative count', { unread: -1, notification: null }],
    ['a count that is not whole', { unread: 1.5, notification: null }],
    ['no notification field', { unread: 1 }],
    ['an unknown kind', { unread: 1, notification: { ...view, kind: 'job_started' } }],
    ['no job', { unread: 1, notification: { ...view, jobId: '' } }],
    ['a reason that is not text', { unread: 1, notification: { ...view, reason: 7 } }],
    ['no creation time', { unread: 1, notification: { ...view, createdAt: undefined } }],
  ])('refuses %s', (_case, data) => {
    expect(parseNotificationsEvent(data)).toBeUndefined();
  });

  it('one failing listener does not keep the others from hearing it', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard = jest.fn();
    const stopFailing = onNotificationsEvent(() => {
      throw new Error('boom');
    });
    const stopHeard = onNotificationsEvent(heard);
    publishNotificationsEvent({ unread: 1, notification: view });
    expect(heard).toHaveBeenCalledTimes(1);
    stopFailing();
    stopHeard();
    publishNotificationsEvent({ unread: 1, notification: view });
    expect(heard).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
