import { Router } from 'express';
import { HttpProblem } from '@kadr/http-kit';
import type { Logger } from '@kadr/telemetry';
import type { UserRepository } from '../../../../data-access/users/user.repository';
import {
  ExportIncompleteError,
  composeAccountExport,
  exportFileName,
  exportProfileOf,
} from '../../../../domain/account-export';
import {
  createCommerceClient,
  createI18nClient,
  createJobsClient,
  createMediaClient,
  type Upstreams,
} from '../../../../integrations/upstreams';
import { sessionOf } from '../../03-session/request-context';
import { userCaller } from '../../10-proxy/upstream-caller';
import { ACCOUNT_EXPORT_PATH } from './account-schemas';
import { EXPORT_SECTIONS } from './export-sections';

export interface AccountExportRoutesOptions {
  upstreams: Upstreams;
  users: Pick<UserRepository, 'findById'>;
  logger: Logger;
  /** PUBLIC_URL (the archive's links are absolute). */
  publicUrl: string;
  now?: () => Date;
}

/**
 * `GET /bff/platform/account/export`: everything Kadr keeps about the signed-in person as one JSON
 * file (`EXPORT_SECTIONS`, each read from its owner with the person's token). All or nothing: when
 * any section cannot be read, 503 and no file — a partial archive could pass for a complete one.
 * Its own rate limit (RATE_LIMIT_EXPORT_PER_HOUR, `04-rate-limits/`): it reads a whole history.
 */
export function accountExportRoutes({ upstreams, users, logger, publicUrl, now }: AccountExportRoutesOptions): Router {
  const clients = {
    upstreams,
    commerce: createCommerceClient(upstreams),
    jobs: createJobsClient(upstreams),
    media: createMediaClient(upstreams),
    i18n: createI18nClient(upstreams),
    publicUrl,
  };
  const router = Router();
  router.get(ACCOUNT_EXPORT_PATH, async (_req, res) => {
    const session = sessionOf(res);
    const user = session ? await users.findById(session.user.id) : null;
    if (!session || !user) throw new HttpProblem('unauthorized', { detail: 'Please log in to continue.' });
    const at = now?.() ?? new Date();
    let archive;
    try {
      archive = await composeAccountExport({
        user: exportProfileOf(user),
        sections: EXPORT_SECTIONS,
        sources: { ...clients, caller: userCaller(session.user) },
        now: at,
      });
    } catch (error) {
      if (!(error instanceof ExportIncompleteError)) throw error;
      for (const { section, error: cause } of error.failures) {
        logger.warn(
          { userId: user.id, section, err: cause instanceof Error ? cause.message : String(cause) },
          'account export section unavailable',
        );
      }
      throw new HttpProblem('service_unavailable', {
        detail:
          'Your data could not all be gathered just now, so nothing was downloaded. Please try again in a few minutes.',
      });
    }
    res
      .set('Cache-Control', 'no-store')
      // The name is letters, digits and dashes: quoted as is (express's attachment() would drop the quotes).
      .set('Content-Disposition', `attachment; filename="${exportFileName(at)}"`)
      .type('application/json')
      .send(JSON.stringify(archive, null, 2));
  });
  return router;
}
