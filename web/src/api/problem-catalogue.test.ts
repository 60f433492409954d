import { initI18n, setLanguage } from '../i18n/i18n';
import { problemMessages } from './messages';
import {
  classifyProblem,
  localProblem,
  PROBLEM_REASONS,
  problemText,
  RETRYABLE_REASONS,
  USER_SUMMARY_RETRY_REASONS,
  type ProblemReason,
} from './problem-catalogue';
import type * as ProblemCatalogue from './problem-catalogue';

beforeAll(() => initI18n('en'));
afterEach(async () => setLanguage('en'));

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});

/**
 * Spec §8, row by row: reason, the status the server sends it with, and the fixed English texts
 * (null where the spec shows no message).
 */
const SPEC_ROWS: Array<[ProblemReason, number, string, string | null]> = [
  ['validation', 400, 'Please check your input', 'Some fields need correction.'],
  ['unauthorized', 401, 'Authentication required', 'Please log in to continue.'],
  ['forbidden', 403, 'Not allowed', 'You do not have permission to perform this action.'],
  ['not_found', 404, 'Not found', null],
  ['conflict', 409, 'Conflict', 'The request conflicts with a current state.'],
  ['rate_limited', 429, 'Too many requests', 'Please wait 1 second before trying again.'],
  ['timeout', 504, 'Timeout', 'The request timed out. Please try again.'],
  ['service_unavailable', 503, 'Service temporarily unavailable', null],
  ['circuit_open', 503, 'Temporarily unavailable', 'Temporarily unavailable'],
  ['banking_unavailable', 503, 'Payments unavailable', null],
  ['banking_timeout', 504, 'Payments timeout', null],
  ['banking_http', 502, 'Payments error', null],
  ['proxy_error', 502, 'Upstream error', null],
  ['backend_http', 502, 'Service error', null],
  ['egress_host_not_allowlisted', 403, 'Blocked destination', null],
  ['ssrf_blocked', 403, 'Blocked request', null],
  ['aiproxy_error', 502, 'Provider error', null],
  ['db_transient', 503, 'Temporary issue', null],
  ['s3_timeout', 504, 'Storage timeout', null],
  ['network_error', 0, 'Network error', 'Please check your connection and try again.'],
  ['unknown', 500, 'Unexpected error', null],
  // ours (ARCHITECTURE §6)
  ['insufficient_credits', 402, 'Insufficient credits', 'Insufficient credits'],
  ['tier_cap', 403, 'Not available on your plan', null],
  ['quota_exceeded', 429, 'Quota exceeded', null],
  ['idempotency_key_reuse', 422, 'Already submitted', null],
  ['payload_too_large', 413, 'Request too large', null],
  ['method_not_allowed', 405, 'Method not allowed', null],
  ['request_timeout', 408, 'Request time-out', 'The request did not arrive in time. Please try again.'],
  ['headers_too_large', 431, 'Request headers too large', null],
  ['cancelled', 0, 'Cancelled', null],
];

describe('the catalogue', () => {
  it('has a row for every reason', () => {
    expect(SPEC_ROWS.map(([reason]) => reason).sort()).toEqual([...PROBLEM_REASONS].sort());
  });

  it.each(SPEC_ROWS)('classifies /problems/%s (%i) with its texts', (reason, status, title, message) => {
    const error = classifyProblem(status, {
      type: `/problems/${reason}`,
      title: 'server title',
      status,
      detail: 'A sentence from the server.',
      correlationId: 'corr-1',
    });
    expect(error.reason).toBe(reason);
    expect(error.status).toBe(status);
    expect(error.title).toBe(title);
    if (message !== null) expect(error.message).toBe(message);
    else expect(error.message).toEqual(expect.stringMatching(/\S/));
    expect(error.detail).toBe('A sentence from the server.');
    expect(error.correlationId).toBe('corr-1');
    expect(error.type).toBe(`/problems/${reason}`);
    expect(error.fieldErrors).toEqual({});
  });

  it.each(SPEC_ROWS)('has a Polish title and message for %s', async (reason) => {
    const { title, message } = problemText(reason, { seconds: 5 });
    await setLanguage('pl');
    const polish = problemText(reason, { seconds: 5 });
    expect(polish.title).toEqual(expect.stringMatching(/\S/));
    expect(polish.message).toEqual(expect.stringMatching(/\S/));
    expect(polish.title).not.toBe(title);
    expect(polish.message).not.toBe(message);
  });

  it('retries exactly the spec’s retryable reasons; the user summary also network_error and rate_limited', () => {
    expect([...RETRYABLE_REASONS].sort()).toEqual([
      'backend_http',
      'proxy_error',
      'request_timeout',
      'service_unavailable',
      'timeout',
    ]);
    expect([...USER_SUMMARY_RETRY_REASONS].sort()).toEqual([
      'backend_http',
      'network_error',
      'proxy_error',
      'rate_limited',
      'request_timeout',
      'service_unavailable',
      'timeout',
    ]);
  });
});

describe('classification without a known type', () => {
  it.each<[number, ProblemReason]>([
    [400, 'validation'],
    [401, 'unauthorized'],
    [402, 'insufficient_credits'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [408, 'timeout'],
    [409, 'conflict'],
    [413, 'payload_too_large'],
    [418, 'unknown'],
    [431, 'headers_too_large'],
    [422, 'validation'],
    [429, 'rate_limited'],
    [500, 'unknown'],
    [501, 'backend_http'],
    [502, 'proxy_error'],
    [503, 'service_unavailable'],
    [504, 'timeout'],
  ])('status %i alone → %s', (status, reason) => {
    expect(classifyProblem(status, undefined).reason).toBe(reason);
    expect(classifyProblem(status, { type: '/problems/not_in_our_catalogue' }).reason).toBe(reason);
    expect(classifyProblem(status, { type: 'about:blank', title: 'Whatever' }).reason).toBe(reason);
  });

  it('reads the reason from an absolute type URL', () => {
    expect(classifyProblem(403, { type: 'https://kadr.example/problems/tier_cap' }).reason).toBe('tier_cap');
  });

  it('the gateway’s own breaker (503 service_unavailable titled "Temporarily unavailable") is circuit_open', () => {
    const error = classifyProblem(503, {
      type: '/problems/service_unavailable',
      title: 'Temporarily unavailable',
      detail: 'This part of Kadr is temporarily unavailable. Please try again in a moment.',
    });
    expect(error).toMatchObject({ reason: 'circuit_open', status: 503, message: 'Temporarily unavailable' });
    // an ordinary 503 stays service_unavailable
    expect(
      classifyProblem(503, {
        type: '/problems/service_unavailable',
        title: 'Service temporarily unavailable',
        detail: 'The service is temporarily unavailable. Please try again shortly.',
      }).reason,
    ).toBe('service_unavailable');
  });

  it('takes the correlation id from the body, else from the x-correlation-id header', () => {
    const both = classifyProblem(404, { correlationId: 'body-id' }, headers({ 'x-correlation-id': 'header-id' }));
    expect(both.correlationId).toBe('body-id');
    const headerOnly = classifyProblem(502, '<html>', headers({ 'x-correlation-id': 'header-id' }));
    expect(headerOnly.correlationId).toBe('header-id');
    expect(classifyProblem(502, undefined).correlationId).toBeUndefined();
  });
});

describe('field errors', () => {
  it('give "Please fix highlighted fields." and keep the map', () => {
    const error = classifyProblem(400, {
      type: '/problems/validation',
      title: 'Please check your input',
      detail: 'Some fields need correction.',
      errors: { prompt: 'Required', duration: 'Must be 5, 10 or 15', ignored: 12 },
    });
    expect(error.reason).toBe('validation');
    expect(error.title).toBe('Please check your input');
    expect(error.message).toBe('Please fix highlighted fields.');
    expect(error.fieldErrors).toEqual({ prompt: 'Required', duration: 'Must be 5, 10 or 15' });
  });

  it('make an untyped answer a validation problem, in Polish too', async () => {
    await setLanguage('pl');
    const error = classifyProblem(422, { errors: { language: ['must be en or pl'] } });
    expect(error.reason).toBe('validation');
    expect(error.message).toBe('Popraw zaznaczone pola.');
    expect(error.fieldErrors).toEqual({ language: 'must be en or pl' });
  });
});

describe('rate_limited', () => {
  it.each<[string, Record<string, string>, Record<string, unknown>, number, string]>([
    ['Retry-After seconds', { 'retry-after': '7' }, {}, 7, 'Please wait 7 seconds before trying again.'],
    ['one second', { 'retry-after': '1' }, {}, 1, 'Please wait 1 second before trying again.'],
    ['the body’s retryAfterSeconds', {}, { retryAfterSeconds: 4 }, 4, 'Please wait 4 seconds before trying again.'],
    ['nothing: the 1 s fallback', {}, {}, 1, 'Please wait 1 second before trying again.'],
    [
      'an unreadable header: the body',
      { 'retry-after': 'soon' },
      { retryAfterSeconds: 3 },
      3,
      'Please wait 3 seconds before trying again.',
    ],
  ])('%s', (_name, values, body, seconds, message) => {
    const error = classifyProblem(429, { type: '/problems/rate_limited', ...body }, headers(values));
    expect(error).toMatchObject({ reason: 'rate_limited', retryAfterSeconds: seconds, message });
  });

  it.each<[number, string]>([
    [1, 'Odczekaj 1 sekundę, zanim spróbujesz ponownie.'],
    [2, 'Odczekaj 2 sekundy, zanim spróbujesz ponownie.'],
    [5, 'Odczekaj 5 sekund, zanim spróbujesz ponownie.'],
    [22, 'Odczekaj 22 sekundy, zanim spróbujesz ponownie.'],
  ])('in Polish with the right plural for %i', async (seconds, message) => {
    await setLanguage('pl');
    const error = classifyProblem(429, { type: '/problems/rate_limited' }, headers({ 'retry-after': String(seconds) }));
    expect(error.title).toBe('Zbyt wiele żądań');
    expect(error.message).toBe(message);
  });
});

describe('never throws while classifying', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'Bad Gateway'],
    ['a number', 42],
    ['an array', [{ type: '/problems/conflict' }]],
    ['wrong member types', { type: 5, title: {}, detail: [], errors: 'x', correlationId: 7, retryAfterSeconds: '9' }],
    ['errors: null', { errors: null }],
  ])('%s → a status-based reason', (_name, body) => {
    const error = classifyProblem(503, body);
    expect(error.reason).toBe('service_unavailable');
    expect(error.title).toBe('Service temporarily unavailable');
    expect(error.fieldErrors).toEqual({});
  });

  it('headers that throw are ignored', () => {
    const broken = {
      get: () => {
        throw new Error('boom');
      },
    };
    expect(classifyProblem(429, undefined, broken)).toMatchObject({ reason: 'rate_limited', retryAfterSeconds: 1 });
  });

  it('works before i18next is started (English texts)', () => {
    jest.isolateModules(() => {
      // a fresh module graph: its i18n instance was never initialised
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./problem-catalogue') as typeof ProblemCatalogue;
      expect(fresh.classifyProblem(409, { type: '/problems/conflict' })).toMatchObject({
        title: 'Conflict',
        message: 'The request conflicts with a current state.',
      });
      expect(fresh.classifyProblem(429, undefined, headers({ 'retry-after': '3' })).message).toBe(
        'Please wait 3 seconds before trying again.',
      );
      expect(fresh.classifyProblem(400, { errors: { a: 'b' } }).message).toBe('Please fix highlighted fields.');
    });
  });
});

describe('local problems (no answer)', () => {
  it('carry status 0, or 503 for the open breaker', () => {
    expect(localProblem('network_error')).toMatchObject({ status: 0, title: 'Network error' });
    expect(localProblem('circuit_open', { status: 503 })).toMatchObject({
      status: 503,
      title: 'Temporarily unavailable',
      message: 'Temporarily unavailable',
    });
  });
});

describe('messages', () => {
  it('have the same keys in English and Polish', () => {
    const keysOf = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [`${prefix}${key}`.replace(/_(one|few|many|other)$/, '')]
          : keysOf(value as object, `${prefix}${key}.`),
      );
    expect(new Set(keysOf(problemMessages.pl))).toEqual(new Set(keysOf(problemMessages.en)));
  });
});
