import { Router } from 'express';
import { stringify } from 'csv-stringify/sync';
import {
  BillingLedgerQuerySchema,
  COMMERCE_PATHS,
  JobIdParamsSchema,
  type BillingLedgerLine,
  type BillingLedgerResponse,
  type JobReceiptResponse,
} from '@kadr/contracts';
import { parseInput } from '@kadr/http-kit';
import type { BillingHistory } from '../../domain/billing/billing-history';
import { userOf } from './callers';

/** The CSV's columns: the line's fields a spreadsheet needs, in the order the `/billing` table shows them. */
const CSV_COLUMNS: ReadonlyArray<keyof BillingLedgerLine> = [
  'occurredAt',
  'kind',
  'balanceDelta',
  'heldDelta',
  'allowanceDelta',
  'balanceAfter',
  'heldAfter',
  'referenceType',
  'reference',
  'reason',
  'id',
];

/** The CSV export takes the ledger's filter only: it is the whole filtered view, not a page. */
const CsvQuerySchema = BillingLedgerQuerySchema.transform(({ kind, from, to }) => ({ kind, from, to }));

/** The signed-in user's own money history: the ledger with its running balance, its CSV, a job's receipt. */
export function billingRoutes(billing: BillingHistory): Router {
  const router = Router();

  router.get(COMMERCE_PATHS.billingLedger, async (req, res) => {
    const { userId } = userOf(res);
    const query = parseInput(BillingLedgerQuerySchema, req.query);
    const page = await billing.page(userId, query);
    const body: BillingLedgerResponse = { ...page, skip: query.skip, take: query.take };
    res.json(body);
  });

  router.get(COMMERCE_PATHS.billingLedgerCsv, async (req, res) => {
    const { userId } = userOf(res);
    const filter = parseInput(CsvQuerySchema, req.query);
    const { lines } = await billing.lines(userId, filter);
    const csv = stringify(
      lines.map((line) => CSV_COLUMNS.map((column) => line[column] ?? '')),
      { header: true, columns: CSV_COLUMNS.map(String) },
    );
    res
      .type('text/csv; charset=utf-8')
      .attachment(`kadr-credits-${new Date().toISOString().slice(0, 10)}.csv`)
      .set('cache-control', 'no-store')
      .send(csv);
  });

  router.get('/api/commerce/jobs/:id/receipt', async (req, res) => {
    const { userId } = userOf(res);
    const { id } = parseInput(JobIdParamsSchema, req.params);
    const body: JobReceiptResponse = { data: await billing.receipt(userId, id) };
    res.json(body);
  });

  return router;
}
