/**
 * After the compose stage took the stack down (volumes kept) and up again: everything the journey
 * and the drills left (run-state.ts) is still there — both people sign in through Keycloak, the
 * demo user's balance is what it was, every job is COMPLETED, charged once, with its video in
 * media, the journey's 5 s video still plays, and every order is still paid.
 */
import { callApi, expectBadgeCredits, videoRecorded } from '../support/app-pages';
import type { Journey } from '../support/journey';
import { composeAccount } from './accounts';
import { describeComposeJourney } from './compose-target';
import { adminJobDetail, chargedOnceProblems, serverCredits } from './money';
import { adminListsUser, jobStatus, playInGallery } from './product-steps';
import { reporter } from './report';
import { readRunState } from './run-state';

const log = reporter('compose persistence');

describeComposeJourney('compose persistence', (journey: Journey) => {
  journey.test(
    "the users, the balance, the jobs, the videos and the orders survive the stack's down and up",
    async () => {
      const state = readRunState();
      if (!state || state.demoBalance === undefined || state.jobs.length === 0) {
        throw new Error(
          'nothing recorded to check: run journey.compose.test.ts (and the drills) first, with the same KADR_COMPOSE_STATE_DIR',
        );
      }
      log.say(`recorded: balance ${state.demoBalance}, jobs ${state.jobs.map((j) => j.id).join(', ')}`);

      const admin = await journey.newPage();
      await log.time('administrator signed in via Keycloak', () =>
        journey.signIn(admin, 'admin', { returnTo: '/admin/users' }),
      );
      expect(await adminListsUser(admin, composeAccount('demo').email)).toBe(true);

      const page = await journey.newPage();
      await log.time('demo user signed in via Keycloak', () => journey.signIn(page, 'demo'));
      await expectBadgeCredits(page, state.demoBalance, 30_000);
      expect((await serverCredits(page)).balance).toBe(state.demoBalance);
      log.say(`balance still ${state.demoBalance}`);

      for (const job of state.jobs) {
        expect(await jobStatus(page, job.id)).toBe('COMPLETED');
        await videoRecorded(page, job.id);
        expect(chargedOnceProblems(await adminJobDetail(admin, job.id), job.cost)).toEqual([]);
      }
      log.say(`${state.jobs.length} jobs still COMPLETED, charged once, with their videos`);

      for (const orderId of state.orders) {
        const order = await callApi<{ data: { status: string } }>(
          page,
          'GET',
          `/bff/platform/api/commerce/orders/${orderId}`,
        );
        expect(order.body.data.status).toBe('paid');
      }
      log.say(`${state.orders.length} orders still paid`);

      const first = state.jobs.find((j) => j.duration === 5) ?? state.jobs[0]!;
      await page.goto(journey.url('/gallery'));
      await page.getByRole('heading', { level: 1, name: 'Moje filmy' }).waitFor();
      const played = await playInGallery(page, first.id);
      expect(played.error).toBeNull();
      expect(Math.abs(played.duration - first.duration)).toBeLessThanOrEqual(0.2);
      log.say(
        `video of ${first.id} still plays: ${played.duration.toFixed(3)} s, reached ${played.playedTo.toFixed(2)} s`,
      );
      journey.expectNoPageErrors(page);
    },
    600_000,
  );
});
