import { Router } from 'express';
import {
  AdminDeadLetterParamsSchema,
  AdminDeadLettersQuerySchema,
  AdminDeadLetterTopicParamsSchema,
  AdminDiscardDeadLetterRequestSchema,
  ALL_TOPICS,
  type AdminDeadLetterActionResponse,
  type AdminDeadLettersPage,
  type AdminDeadLetterTopicsResponse,
} from '@kadr/contracts';
import type { EventBus } from '@kadr/event-bus';
import { HttpProblem, parseInput } from '@kadr/http-kit';
import type { DeadLetterHandlingRepository } from '../../data-access/dead-letter-handling.repository';
import { DeadLetterDesk, type DeadLetterActionResult } from '../../domain/dead-letters/dead-letter-desk';
import { noTarget, type auditedActions, type TargetOf } from './audited-action';
import { singleValues } from './request-schemas';

export interface DeadLetterRoutesDeps {
  bus: Pick<EventBus, 'readDeadLetters' | 'publish'>;
  handlings: DeadLetterHandlingRepository;
  now: () => Date;
  audited: ReturnType<typeof auditedActions>;
}

/** The audit line names the letter as `<topic>/<partition>-<offset>`. */
const letterTarget: TargetOf = (req) => {
  const { topic, id } = req.params;
  return { targetId: typeof topic === 'string' && typeof id === 'string' ? `${topic}/${id}` : null, userId: null };
};

/** The action's answer, or the problem that says why there is none. */
function answerOf(result: DeadLetterActionResult): AdminDeadLetterActionResponse {
  if (result.outcome === 'not_found') {
    throw new HttpProblem('not_found', { detail: 'There is no such dead letter in this topic.' });
  }
  if (result.outcome === 'conflict') throw new HttpProblem('conflict', { detail: result.detail });
  return { data: result.letter, meta: { alreadyHandled: result.outcome === 'already_handled' } };
}

/**
 * `/admin/dead-letters…`: list the catalogue topics' dead letters, replay or discard one. Mounted by
 * adminRoutes behind its token and administrator checks; every route is audited.
 */
export function deadLetterRoutes({ bus, handlings, now, audited }: DeadLetterRoutesDeps): Router {
  const desk = new DeadLetterDesk({ bus, handlings, topics: ALL_TOPICS, now });
  const router = Router();

  router.get(
    '/admin/dead-letters',
    audited('dead_letters.list', noTarget, async ({ res }) => {
      const body: AdminDeadLetterTopicsResponse = { data: await desk.topics() };
      res.set('Cache-Control', 'private, no-store').json(body);
      return { pending: body.data.reduce((sum, topic) => sum + topic.pending, 0) };
    }),
  );

  router.get(
    '/admin/dead-letters/:topic',
    audited('dead_letters.read', noTarget, async ({ req, res }) => {
      const { topic } = parseInput(AdminDeadLetterTopicParamsSchema, req.params);
      const query = parseInput(AdminDeadLettersQuerySchema, singleValues(req.query));
      const { items, total } = await desk.page(topic, query);
      const body: AdminDeadLettersPage = { data: items, pagination: { skip: query.skip, take: query.take, total } };
      res.set('Cache-Control', 'private, no-store').json(body);
      return { topic, status: query.status, returned: items.length };
    }),
  );

  router.post(
    '/admin/dead-letters/:topic/:id/replay',
    audited('dead_letters.replay', letterTarget, async ({ req, res, admin }) => {
      const { topic, id } = parseInput(AdminDeadLetterParamsSchema, req.params);
      const answer = answerOf(await desk.replay(topic, id, admin.userId));
      res.json(answer);
      return { topic, deadLetterId: id, eventId: answer.data.eventId, alreadyHandled: answer.meta.alreadyHandled };
    }),
  );

  router.post(
    '/admin/dead-letters/:topic/:id/discard',
    audited('dead_letters.discard', letterTarget, async ({ req, res, admin }) => {
      const { topic, id } = parseInput(AdminDeadLetterParamsSchema, req.params);
      const { reason } = parseInput(AdminDiscardDeadLetterRequestSchema, req.body ?? {});
      const answer = answerOf(await desk.discard(topic, id, admin.userId, reason));
      res.json(answer);
      // The reason is the administrator's free text: it stays with the dead letter, not in the log.
      return { topic, deadLetterId: id, eventId: answer.data.eventId, alreadyHandled: answer.meta.alreadyHandled };
    }),
  );

  return router;
}
