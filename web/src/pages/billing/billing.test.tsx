import type { BillingLedgerLine, BillingLedgerResponse } from '@kadr/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetCircuitBreakers } from '../../api/circuit-breakers';
import { answer, installFakeServer, type FakeServer, type RecordedRequest } from '../../api/testing/fake-server';
import { makeLedgerLine } from '../../features/billing/testing/billing.testing';
import { makeOrder, renderCommercePage } from '../../features/commerce/testing/commerce-fixtures';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { INITIAL_SESSION_STATE, useSession } from '../../session/session-store';
import { clearTopBar, useTopBar } from '../../session/top-bar-store';
import BillingPage from './index';
import { ORDERS_PAGE_PARAM } from './OrderHistory';
import { startOfLocalDay } from './ledger-filters';

jest.mock('../../telemetry/telemetry', () => ({ logClientError: jest.fn(), setTelemetryUser: jest.fn() }));

const LEDGER_PATH = '/bff/platform/api/commerce/ledger';
const CSV_PATH = '/bff/platform/api/commerce/ledger.csv';

const line = makeLedgerLine;

/** A user's ledger, newest first: welcome 100, a purchase of 300, a video charged, one cancelled. */
const LINES: BillingLedgerLine[] = [
  line('l-6', {
    kind: 'release',
    heldDelta: -5,
    reference: 'job-2',
    referenceType: 'job',
    reason: 'cancelled',
    occurredAt: '2025-03-04T09:01:00.000Z',
    balanceAfter: 395,
  }),
  line('l-5', {
    kind: 'hold',
    heldDelta: 5,
    reference: 'job-2',
    referenceType: 'job',
    occurredAt: '2025-03-04T09:00:00.000Z',
    balanceAfter: 395,
    heldAfter: 5,
  }),
  line('l-4', {
    kind: 'capture',
    balanceDelta: -5,
    heldDelta: -5,
    reference: 'job-1',
    referenceType: 'job',
    occurredAt: '2025-03-03T12:05:00.000Z',
    balanceAfter: 395,
  }),
  line('l-3', {
    kind: 'hold',
    heldDelta: 5,
    reference: 'job-1',
    referenceType: 'job',
    occurredAt: '2025-03-03T12:00:00.000Z',
    balanceAfter: 400,
    heldAfter: 5,
  }),
  line('l-2', {
    kind: 'purchase',
    balanceDelta: 300,
    reference: 'ord_1a2b3c4d5e6f',
    referenceType: 'order',
    occurredAt: '2025-03-02T08:00:00.000Z',
    balanceAfter: 400,
  }),
  line('l-1', {
    kind: 'grant',
    balanceDelta: 100,
    reference: 'welcome:u1',
    referenceType: 'welcome',
    occurredAt: '2025-03-01T10:00:00.000Z',
    balanceAfter: 100,
  }),
];

function ledgerPage(items: BillingLedgerLine[], patch: Partial<BillingLedgerResponse> = {}): BillingLedgerResponse {
  return { items, total: items.length, skip: 0, take: 20, balance: 395, currency: 'credits', ...patch };
}

let server: FakeServer;
const ledgerRequests = () => server.requests.filter((request) => request.path === LEDGER_PATH);
const queryOf = (request: RecordedRequest | undefined) => Object.fromEntries(request?.query ?? []);

/** Answers every ledger request with `page` (or what `pageFor` makes of the request). */
function serveLedger(pageFor: (request: RecordedRequest) => BillingLedgerResponse) {
  server.handle((request) =>
    request.path === LEDGER_PATH ? answer.json(200, pageFor(request)) : answer.problem(404, 'not_found'),
  );
}

function renderBilling(url = '/billing') {
  const user = userEvent.setup();
  renderCommercePage(<BillingPage />, url);
  return { user };
}

/** Where the page is now (the fixture's location probe). */
const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://kadr.test');

const table = () => screen.getByRole('table', { name: 'Credit history, newest first' });
const csvLink = () => screen.getByRole('link', { name: 'Download CSV' });
const csvQuery = () => {
  const url = new URL(csvLink().getAttribute('href') ?? '', 'http://kadr.test');
  expect(url.pathname).toBe(CSV_PATH);
  return Object.fromEntries(url.searchParams);
};
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeAll(() => initI18n('en'));

beforeEach(async () => {
  await act(() => setLanguage('en'));
  resetCircuitBreakers();
  clearTopBar();
  server = installFakeServer();
  serveLedger(() => ledgerPage(LINES));
});

afterEach(() => server.restore());

describe('Credit history (/billing)', () => {
  it('lists the ledger newest first: when, what in plain words, the change, what is held, the running balance', async () => {
    renderBilling();
    expect(screen.getByRole('heading', { level: 1, name: 'Credit history' })).toBeInTheDocument();
    expect(document.title).toBe('Credit history — Kadr');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(table()).toBeInTheDocument();
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'What happened', 'Change', 'Held', 'Balance after']);
    const body = rows.slice(1);
    expect(body.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Refunded: cancelled by you',
      'Held for a video',
      'Charged for a video',
      'Held for a video',
      'Purchase — order ord_1a2b',
      'Welcome credits',
    ]);
    // A hold sets credits aside: no change of the balance, the amount in the held column.
    expect(cellTexts(body[1]!).slice(1)).toEqual(['—no change', '+5', '395']);
    expect(cellTexts(body[2]!).slice(1)).toEqual(['−5', '−5', '395']);
    expect(cellTexts(body[0]!).slice(1)).toEqual(['—no change', '−5', '395']);
    expect(cellTexts(body[4]!).slice(1)).toEqual(['+300', '—no change', '400']);
    expect(cellTexts(body[5]!).slice(1)).toEqual(['+100', '—no change', '100']);
    expect(within(body[5]!).getByRole('cell', { name: /2025/ }).querySelector('time')).toHaveAttribute(
      'datetime',
      '2025-03-01T10:00:00.000Z',
    );

    // The current balance (the badge's), and what "held" means.
    expect(screen.getByTestId('billing-balance')).toHaveTextContent('Current balance: 395 credits');
    expect(screen.getByText(/Held credits are set aside for a video/)).toBeInTheDocument();

    // Job lines link to the job's page, order lines to the order's status page.
    expect(within(body[0]!).getByRole('link', { name: 'Refunded: cancelled by you' })).toHaveAttribute(
      'href',
      '/jobs/job-2',
    );
    expect(within(body[2]!).getByRole('link', { name: 'Charged for a video' })).toHaveAttribute('href', '/jobs/job-1');
    expect(within(body[4]!).getByRole('link', { name: 'Purchase — order ord_1a2b' })).toHaveAttribute(
      'href',
      '/payment/success?orderId=ord_1a2b3c4d5e6f',
    );
    expect(within(body[5]!).queryByRole('link')).not.toBeInTheDocument();

    // The first page, the service's default size; the CSV of everything.
    expect(queryOf(ledgerRequests()[0])).toEqual({ skip: '0', take: '20' });
    expect(csvQuery()).toEqual({});
    expect(csvLink()).toHaveAttribute('download');
  });

  it('says why held credits came back, in plain words', async () => {
    const release = (id: string, reason: string | null) =>
      line(id, { kind: 'release', heldDelta: -5, reference: `job-${id}`, referenceType: 'job', reason });
    serveLedger(() =>
      ledgerPage([
        release('r-1', 'cancelled'),
        release('r-2', 'output_check'),
        release('r-3', 'aiproxy_error'),
        release('r-4', 'timeout'),
        release('r-5', 'deleted'),
        release('r-6', 'ssrf_blocked'),
        line('r-7', { kind: 'refund', balanceDelta: -300, reference: 'ord_9', referenceType: 'order' }),
        line('r-8', { kind: 'adjustment', balanceDelta: 7 }),
        line('r-10', { kind: 'adjustment', balanceDelta: 20, reason: 'Goodwill for the outage on 3 March' }),
        line('r-9', { kind: 'hold', reference: 'job-9', referenceType: 'job', allowanceDelta: 1 }),
      ]),
    );
    renderBilling();
    const headers = within(await screen.findByRole('table')).getAllByRole('rowheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Refunded: cancelled by you',
      'Refunded: the video failed our quality check',
      'Refunded: the provider failed',
      'Refunded: the render took too long',
      'Refunded: the video was deleted',
      'Refunded: the generation failed',
      'Refund — order ord_9',
      'Adjustment',
      // The administrator's words for the user.
      'Adjustment: Goodwill for the outage on 3 March',
      // A video paid by the plan: no credits move, the note says what did.
      'Held for a video1 generation of your plan',
    ]);
  });

  it('an adjustment says the administrator’s reason, in Polish too', async () => {
    await act(() => setLanguage('pl'));
    serveLedger(() =>
      ledgerPage([
        line('a-1', { kind: 'adjustment', balanceDelta: -4, reason: 'Zwrot za awarię' }),
        line('a-2', { kind: 'adjustment', balanceDelta: 4, reason: null }),
      ]),
    );
    renderBilling();
    const headers = within(await screen.findByRole('table')).getAllByRole('rowheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Korekta: Zwrot za awarię', 'Korekta']);
  });

  const chargebackLine = (id: string, reason: string | null) =>
    line(id, {
      kind: 'chargeback',
      balanceDelta: -40,
      reference: '3f9a12bc-4b5e-4c1d-9e8f-0a1b2c3d4e5f',
      referenceType: 'order',
      reason,
    });

  it('a chargeback names the reversed order, linking to it, and the administrator’s reason', async () => {
    serveLedger(() =>
      ledgerPage([chargebackLine('c-1', 'Card issuer reversed the payment'), chargebackLine('c-2', null)]),
    );
    renderBilling();
    const grid = await screen.findByRole('table');
    const link = within(grid).getByRole('link', {
      name: 'Payment reversed (chargeback) — order 3f9a12bc: Card issuer reversed the payment',
    });
    expect(link).toHaveAttribute('href', '/payment/success?orderId=3f9a12bc-4b5e-4c1d-9e8f-0a1b2c3d4e5f');
    expect(
      within(grid).getByRole('link', { name: 'Payment reversed (chargeback) — order 3f9a12bc' }),
    ).toBeInTheDocument();
  });

  it('a chargeback in Polish', async () => {
    await act(() => setLanguage('pl'));
    serveLedger(() => ledgerPage([chargebackLine('c-1', 'Bank cofnął płatność')]));
    renderBilling();
    const headers = within(await screen.findByRole('table')).getAllByRole('rowheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Płatność cofnięta (obciążenie zwrotne) — zamówienie 3f9a12bc: Bank cofnął płatność',
    ]);
  });

  it('speaks Polish too (the default language), reasons included', async () => {
    await act(() => setLanguage('pl'));
    renderBilling();
    expect(screen.getByRole('heading', { level: 1, name: 'Historia kredytów' })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Historia kredytów, od najnowszych' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Data', 'Co się stało', 'Zmiana', 'Zablokowane', 'Saldo po']);
    expect(within(grid).getByRole('link', { name: 'Zwrot: anulowane przez Ciebie' })).toHaveAttribute(
      'href',
      '/jobs/job-2',
    );
    expect(within(grid).getByText('Kredyty powitalne')).toBeInTheDocument();
    expect(screen.getByTestId('billing-balance')).toHaveTextContent('Obecne saldo: 395 kredytów');
    expect(screen.getByRole('link', { name: 'Pobierz CSV' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Pokaż' })).toHaveDisplayValue('Wszystkie zmiany');
  });

  it('puts the filters into the URL, sends them to the API (the local days as instants) and into the CSV link', async () => {
    const { user } = renderBilling();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Refunds');
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    // Nothing is asked until the filters are applied.
    expect(ledgerRequests()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(ledgerRequests()).toHaveLength(2));
    expect(location().pathname).toBe('/billing');
    expect(Object.fromEntries(location().searchParams)).toEqual({
      kind: 'refunds',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    const from = new Date(2025, 2, 1).toISOString();
    const to = new Date(2025, 3, 1).toISOString();
    expect(queryOf(ledgerRequests()[1])).toEqual({ skip: '0', take: '20', kind: 'release,refund', from, to });
    expect(csvQuery()).toEqual({ kind: 'release,refund', from, to });
  });

  it('keeps the filters of the URL on a reload: the form shows them and the API gets them', async () => {
    renderBilling('/billing?kind=holds&from=2025-03-02&page=2');
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveDisplayValue('Holds');
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-02');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(queryOf(ledgerRequests()[0])).toEqual({
      skip: '20',
      take: '20',
      kind: 'hold',
      from: startOfLocalDay('2025-03-02'),
    });
    expect(csvQuery()).toEqual({ kind: 'hold', from: new Date(2025, 2, 2).toISOString() });
  });

  it('refuses an end date before the start date, and Clear filters goes back to everything', async () => {
    const { user } = renderBilling('/billing?kind=charges');
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('From'), '2025-03-10');
    await user.type(screen.getByLabelText('To'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date cannot be before the start date.');
    expect(location().search).toBe('?kind=charges');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location().search).toBe('');
    await waitFor(() => expect(queryOf(ledgerRequests().at(-1))).toEqual({ skip: '0', take: '20' }));
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveDisplayValue('All changes');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('pages through with Previous and Next, "x–y of total", the page in the URL', async () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      line(`p-${index}`, { kind: 'grant', balanceDelta: 1, balanceAfter: 45 - index }),
    );
    serveLedger((request) => {
      const skip = Number(request.query.get('skip'));
      return ledgerPage(many.slice(skip, skip + 20), { total: 45, skip, balance: 45 });
    });
    const { user } = renderBilling();
    const pager = await screen.findByRole('navigation', { name: 'Credit history pages' });
    await within(pager).findByText('1–20 of 45');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await within(pager).findByText('21–40 of 45');
    expect(location().search).toBe('?page=2');
    expect(queryOf(ledgerRequests().at(-1))).toEqual({ skip: '20', take: '20' });

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await within(pager).findByText('41–45 of 45');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 5);

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await within(pager).findByText('21–40 of 45');
    expect(location().search).toBe('?page=2');
  });

  it('says when there is nothing yet, and when nothing matches the filters', async () => {
    serveLedger(() => ledgerPage([], { balance: 0 }));
    const { user } = renderBilling();
    expect(await screen.findByText('No credit changes yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/buy-credits');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Adjustments');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Credit history, newest first' });
    await user.click(within(results).getByRole('button', { name: 'Clear filters' }));
    expect(location().search).toBe('');
    expect(await screen.findByText('No credit changes yet')).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    let ledgerReads = 0;
    server.handle((request) => {
      if (request.path !== LEDGER_PATH) return answer.problem(404, 'not_found');
      ledgerReads += 1;
      return ledgerReads === 1
        ? answer.problem(500, 'unknown', { correlationId: 'corr-9' })
        : answer.json(200, ledgerPage(LINES));
    });
    const { user } = renderBilling();
    expect(await screen.findByText('Your credit history could not be loaded.')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Credit history, newest first' });
    await user.click(within(results).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(ledgerRequests().length).toBeGreaterThanOrEqual(2);
  });

  it('reads the ledger again when the credits badge changes (the balances never disagree for long)', async () => {
    act(() => useTopBar.setState({ credits: { balance: 395, heldCredits: 0, currency: 'credits' } }));
    renderBilling();
    await screen.findByRole('table');
    const before = ledgerRequests().length;
    serveLedger(() => ledgerPage([line('l-7', { kind: 'hold', heldDelta: 5, balanceAfter: 395 }), ...LINES]));
    act(() => useTopBar.setState({ credits: { balance: 395, heldCredits: 5, currency: 'credits' } }));
    await waitFor(() => expect(ledgerRequests().length).toBe(before + 1));
    expect(await within(table()).findAllByRole('row')).toHaveLength(1 + LINES.length + 1);
  });
});

describe('Order history (/billing)', () => {
  const ORDERS_PATH = '/bff/platform/api/commerce/orders';
  const PAID = makeOrder({
    id: 'ord_1a2b3c4d5e6f',
    status: 'paid',
    provider: 'tpay',
    createdAt: '2025-03-02T07:58:00.000Z',
    paidAt: '2025-03-02T08:00:00.000Z',
  });
  const PLAN = makeOrder({
    id: 'ord_9f8e7d6c5b4a',
    kind: 'plan',
    packageId: null,
    planId: 'pro',
    credits: 0,
    status: 'refunded',
    price: { amountMinor: 9_900, currency: 'PLN' },
    createdAt: '2025-03-05T10:00:00.000Z',
    paidAt: '2025-03-05T10:01:00.000Z',
  });
  const PENDING = makeOrder({ id: 'ord_55aa66bb77cc', createdAt: '2025-03-06T10:00:00.000Z' });
  const orderRequests = () => server.requests.filter((request) => request.path === ORDERS_PATH);
  const ordersTable = () => screen.getByRole('table', { name: 'Your orders, newest first' });

  function serveOrders(pageFor: (skip: number) => { items: ReturnType<typeof makeOrder>[]; total: number }) {
    server.handle((request) => {
      if (request.path === LEDGER_PATH) return answer.json(200, ledgerPage(LINES));
      if (request.path !== ORDERS_PATH) return answer.problem(404, 'not_found');
      const skip = Number(queryOf(request).skip);
      return answer.json(200, { ...pageFor(skip), skip, take: Number(queryOf(request).take) });
    });
  }

  beforeEach(() => {
    useSession.setState({
      ...INITIAL_SESSION_STATE,
      status: 'authenticated',
      user: { id: 'u-1', email: 'ala@example.com', name: 'Ala', roles: ['user'], permissions: [] },
    });
  });

  it('lists the person’s orders newest first: date, number linking to its page, product, amount, status', async () => {
    serveOrders(() => ({ items: [PENDING, PLAN, PAID], total: 3 }));
    renderBilling();
    const region = await screen.findByRole('region', { name: 'Orders' });
    await within(region).findByRole('table');
    const rows = within(ordersTable()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Order', 'Product', 'Amount', 'Status']);
    expect(rows.slice(1).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'ord_55aa',
      'ord_9f8e',
      'ord_1a2b',
    ]);
    expect(within(rows[3]!).getByRole('link', { name: 'ord_1a2b' })).toHaveAttribute(
      'href',
      '/payment/success?orderId=ord_1a2b3c4d5e6f',
    );
    expect(rows[3]).toHaveTextContent('Credit package: 300 credits');
    expect(rows[3]).toHaveTextContent('49.00');
    expect(rows[3]).toHaveTextContent('Paid');
    expect(rows[2]).toHaveTextContent('Refunded');
    expect(rows[1]).toHaveTextContent('Waiting for payment');
    expect(queryOf(orderRequests()[0])).toEqual({ skip: '0', take: '10' });
  });

  it('opens the data an invoice needs for a paid order (none for an unpaid one)', async () => {
    serveOrders(() => ({ items: [PENDING, PAID], total: 2 }));
    const { user } = renderBilling();
    await screen.findByRole('table', { name: 'Your orders, newest first' });
    const [, pendingRow, paidRow] = within(ordersTable()).getAllByRole('row');
    expect(within(pendingRow!).queryByText('Invoice details')).not.toBeInTheDocument();
    const toggle = within(paidRow!).getByText('Invoice details');
    expect(toggle.closest('summary')).toHaveAccessibleName('Invoice details of order ord_1a2b');
    await user.click(toggle);
    const data = within(paidRow!).getByRole('group');
    const pairs = Array.from(data.querySelectorAll('.billing-invoice__row')).map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Order number', 'ord_1a2b3c4d5e6f'],
      ['Paid on', expect.stringContaining('2025') as string],
      ['Item', 'Credit package: 300 credits'],
      ['Quantity', '1'],
      ['Amount paid (gross)', expect.stringContaining('49.00') as string],
      ['Currency', 'PLN'],
      ['Paid through', 'Tpay'],
      ['Buyer (account e-mail)', 'ala@example.com'],
    ]);
    expect(within(paidRow!).getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
  });

  it('pages through the URL and keeps its page when the ledger’s filters change', async () => {
    const all = Array.from({ length: 12 }, (_, index) =>
      makeOrder({ id: `ord_${String(index).padStart(12, '0')}`, createdAt: '2025-03-01T10:00:00.000Z' }),
    );
    serveOrders((skip) => ({ items: all.slice(skip, skip + 10), total: all.length }));
    const { user } = renderBilling();
    const region = await screen.findByRole('region', { name: 'Orders' });
    await within(region).findByRole('table');
    await user.click(
      within(within(region).getByRole('navigation', { name: 'Order history pages' })).getByRole('button', {
        name: 'Next',
      }),
    );
    await waitFor(() => expect(location().searchParams.get(ORDERS_PAGE_PARAM)).toBe('2'));
    await waitFor(() => expect(within(ordersTable()).getAllByRole('row')).toHaveLength(1 + 2));
    expect(queryOf(orderRequests().at(-1))).toEqual({ skip: '10', take: '10' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Adjustments');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(location().searchParams.get('kind')).toBe('adjustments'));
    expect(location().searchParams.get(ORDERS_PAGE_PARAM)).toBe('2');
  });

  it('says when there are no orders', async () => {
    serveOrders(() => ({ items: [], total: 0 }));
    renderBilling();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('shows a failure of the order list with Retry, the credit history unaffected', async () => {
    let orderReads = 0;
    server.handle((request) => {
      if (request.path === LEDGER_PATH) return answer.json(200, ledgerPage(LINES));
      orderReads += 1;
      return orderReads === 1
        ? answer.problem(500, 'unknown', { correlationId: 'corr-7' })
        : answer.json(200, { items: [PAID], total: 1, skip: 0, take: 10 });
    });
    const { user } = renderBilling();
    const region = await screen.findByRole('region', { name: 'Orders' });
    expect(await within(region).findByText('Your orders could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Credit history, newest first' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Your orders, newest first' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await act(() => setLanguage('pl'));
    serveOrders(() => ({ items: [PAID], total: 1 }));
    renderBilling();
    const region = await screen.findByRole('region', { name: 'Zamówienia' });
    await within(region).findByRole('table', { name: 'Twoje zamówienia, od najnowszych' });
    expect(within(region).getByText('Dane do faktury')).toBeInTheDocument();
    expect(within(region).getByText('Opłacone')).toBeInTheDocument();
  });
});
