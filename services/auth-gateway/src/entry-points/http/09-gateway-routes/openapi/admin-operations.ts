import {
  AdminDeadLetterActionResponseSchema,
  AdminDeadLetterParamsSchema,
  AdminDeadLettersPageSchema,
  AdminDeadLettersQuerySchema,
  AdminDeadLetterTopicParamsSchema,
  AdminDeadLetterTopicsResponseSchema,
  AdminDeleteJobQuerySchema,
  AdminDiscardDeadLetterRequestSchema,
  AdminDeleteUserQuerySchema,
  AdminIdParamsSchema,
  AdminJobActionResponseSchema,
  AdminJobDeletedResponseSchema,
  AdminJobDetailPageSchema,
  AdminLogsPageSchema,
  AdminLogsQuerySchema,
  AdminMarkFailedRequestSchema,
  AdminUserDeletionResponseSchema,
  AdminUserDetailResponseSchema,
  AdminUserJobsPageSchema,
  AdminUserOrdersQuerySchema,
  ChargebackRequestSchema,
  ChargebackResponseSchema,
  CreditAdjustmentRequestSchema,
  CreditAdjustmentResponseSchema,
  AdminUserJobsQuerySchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  UserOrdersPageSchema,
} from '@kadr/contracts';
import type { OpenApiRegistry } from './openapi-registry';
import { platformPath } from './platform-path';

/**
 * The admin service's routes, the administrator's only: anyone else gets 403. Actions that change
 * other users' data are marked `destructive` (fuzzers leave them out; they have their own tests).
 */
export function addAdminOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['admin'], proxied: true };
  return registry
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/users'),
      summary: 'Users, newest first',
      query: AdminUsersQuerySchema,
      responses: { 200: { description: 'One page', schema: AdminUsersPageSchema } },
      problems: [403],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/users/{id}'),
      summary: 'One user (or only the purge status once purged)',
      params: AdminIdParamsSchema,
      responses: { 200: { description: 'The user', schema: AdminUserDetailResponseSchema } },
      problems: [403, 404],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/users/{id}/jobs'),
      summary: "A user's jobs, newest first",
      params: AdminIdParamsSchema,
      query: AdminUserJobsQuerySchema,
      responses: { 200: { description: 'One page', schema: AdminUserJobsPageSchema } },
      problems: [403, 404],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/users/{id}/orders'),
      summary: "A user's orders, newest first, each refunded one with its chargeback",
      description:
        'From commerce: status, price, credits and, for a refunded order, what was taken back and the shortfall.',
      params: AdminIdParamsSchema,
      query: AdminUserOrdersQuerySchema,
      responses: { 200: { description: 'One page', schema: UserOrdersPageSchema } },
      problems: [403],
    })
    .add({
      ...common,
      method: 'delete',
      path: platformPath('/admin/users/{id}'),
      summary: 'Delete a user with purge',
      params: AdminIdParamsSchema,
      query: AdminDeleteUserQuerySchema,
      destructive: true,
      responses: { 202: { description: 'Purge accepted', schema: AdminUserDeletionResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/jobs/{id}'),
      summary: 'A job with its history, hold and ledger entries',
      params: AdminIdParamsSchema,
      responses: { 200: { description: 'The job', schema: AdminJobDetailPageSchema } },
      problems: [403, 404],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/admin/users/{id}/credit-adjustments'),
      summary: "Adjust a user's credits (positive adds, negative takes) with a reason the user sees",
      description:
        'Applied once per Idempotency-Key (201; the same key again: 200 and the account as it is). Never takes held ' +
        'credits nor goes below zero: 409 `conflict` says how many are available. Audited as `credits.adjust` with ' +
        'the amount and the reason; the user\'s /billing shows it as "Adjustment: <reason>".',
      params: AdminIdParamsSchema,
      body: CreditAdjustmentRequestSchema,
      destructive: true,
      responses: {
        200: { description: 'Applied before with this key', schema: CreditAdjustmentResponseSchema },
        201: { description: 'Applied now', schema: CreditAdjustmentResponseSchema },
      },
      problems: [404, 409],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/admin/orders/{id}/chargeback'),
      summary: 'Mark a paid order refunded after a chargeback: its credits are taken back, the shortfall recorded',
      description:
        'Applied once per Idempotency-Key (201; the same key again is the first answer, replayed — past the ' +
        "gateway's replay window commerce answers 200 and the order as it is). Takes back the " +
        "order's credits that are available — never held ones, never below zero — and records the rest as " +
        '`chargeback.shortfallCredits` (an alert fires); a plan order loses the period it paid for. Not paid, or ' +
        'already refunded under another key: 409 `conflict` saying so. Audited as `orders.chargeback`; the ' +
        "user's /billing shows the line with the order and the reason.",
      params: AdminIdParamsSchema,
      body: ChargebackRequestSchema,
      destructive: true,
      responses: {
        200: { description: 'Marked before with this key', schema: ChargebackResponseSchema },
        201: { description: 'Marked now', schema: ChargebackResponseSchema },
      },
      problems: [404, 409],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/admin/jobs/{id}/requeue'),
      summary: 'Requeue a failed or stuck job',
      params: AdminIdParamsSchema,
      destructive: true,
      responses: { 200: { description: 'The job after the action', schema: AdminJobActionResponseSchema } },
      problems: [402, 404],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/admin/jobs/{id}/mark-failed'),
      summary: 'Mark a job failed (its hold is released)',
      params: AdminIdParamsSchema,
      body: AdminMarkFailedRequestSchema,
      bodyRequired: false,
      destructive: true,
      responses: { 200: { description: 'The job after the action', schema: AdminJobActionResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'delete',
      path: platformPath('/admin/jobs/{id}'),
      summary: 'Delete a job (`force=true` also while it is processing)',
      params: AdminIdParamsSchema,
      query: AdminDeleteJobQuerySchema,
      destructive: true,
      responses: { 200: { description: 'Deleted', schema: AdminJobDeletedResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/logs'),
      summary: 'Administrator actions and recent system events, newest first',
      query: AdminLogsQuerySchema,
      responses: { 200: { description: 'One page', schema: AdminLogsPageSchema } },
      problems: [403],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/dead-letters'),
      summary: 'Dead letters pending and handled, per topic',
      responses: { 200: { description: 'Every topic', schema: AdminDeadLetterTopicsResponseSchema } },
      problems: [403],
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/admin/dead-letters/{topic}'),
      summary: "A topic's dead letters, newest failure first, the event decoded",
      params: AdminDeadLetterTopicParamsSchema,
      query: AdminDeadLettersQuerySchema,
      responses: { 200: { description: 'One page', schema: AdminDeadLettersPageSchema } },
      problems: [403],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/admin/dead-letters/{topic}/{id}/replay'),
      summary: 'Publish a dead letter to its topic again (once: a repeat publishes nothing)',
      params: AdminDeadLetterParamsSchema,
      destructive: true,
      responses: { 200: { description: 'The dead letter, replayed', schema: AdminDeadLetterActionResponseSchema } },
      problems: [404],
    })
    .add({
      ...common,
      method: 'post',
      path: platformPath('/admin/dead-letters/{topic}/{id}/discard'),
      summary: 'Mark a dead letter as never to be applied, with the reason',
      params: AdminDeadLetterParamsSchema,
      body: AdminDiscardDeadLetterRequestSchema,
      destructive: true,
      responses: { 200: { description: 'The dead letter, discarded', schema: AdminDeadLetterActionResponseSchema } },
      problems: [404],
    });
}
