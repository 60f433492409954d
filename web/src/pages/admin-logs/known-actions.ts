import type { LogKind } from './log-filters';

/**
 * The actions the admin service writes to its log (services/admin/README.md, "Audit" and
 * "System events in the log"), offered in the action filter. An unknown action in an entry is
 * still shown, by its code.
 */
export const KNOWN_LOG_ACTIONS: Readonly<Record<LogKind, readonly string[]>> = {
  admin_action: [
    'users.list',
    'users.read',
    'users.jobs.list',
    'users.orders.list',
    'users.delete',
    'users.self_delete',
    'credits.adjust',
    'orders.chargeback',
    'jobs.read',
    'jobs.requeue',
    'jobs.mark_failed',
    'jobs.delete',
    'dead_letters.list',
    'dead_letters.read',
    'dead_letters.replay',
    'dead_letters.discard',
    'share_reports.list',
    'share_links.revoke',
    'access.denied',
  ],
  system_event: ['job.failed', 'payment.completed', 'message.dead_lettered'],
};

/** i18next reads dots in a key as nesting, so an action's label key uses underscores. */
export function actionMessageKey(action: string): string {
  return `actions.${action.replace(/\./g, '_')}`;
}

export function isKnownAction(action: string): boolean {
  return Object.values(KNOWN_LOG_ACTIONS).some((actions) => actions.includes(action));
}
