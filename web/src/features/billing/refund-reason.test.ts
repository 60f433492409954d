import { act, renderHook } from '@testing-library/react';
import { initI18n, setLanguage } from '../../i18n/i18n';
import { refundReasonOf, REFUND_REASONS } from './refund-reason';
import { useRefundText } from './use-refund-text';

beforeAll(() => initI18n('en'));

describe('refundReasonOf', () => {
  it.each([
    ['cancelled', 'cancelled'],
    ['deleted', 'deleted'],
    ['output_check', 'qualityCheck'],
    ['marked_failed', 'support'],
    ['unknown', 'failed'],
    ['aiproxy_error', 'provider'],
    ['timeout', 'timeout'],
    ['ssrf_blocked', 'failed'],
    ['egress_host_not_allowlisted', 'failed'],
    ['s3_timeout', 'failed'],
    ['service_unavailable', 'failed'],
    ['something_new', 'failed'],
    ['', 'failed'],
    [null, 'failed'],
    [undefined, 'failed'],
  ])('%p → %s', (code, reason) => {
    expect(refundReasonOf(code)).toBe(reason);
  });
});

describe('useRefundText', () => {
  const EN = {
    cancelled: 'Refunded: cancelled by you',
    qualityCheck: 'Refunded: the video failed our quality check',
    support: 'Refunded: stopped by our support team',
    provider: 'Refunded: the provider failed',
    timeout: 'Refunded: the render took too long',
    deleted: 'Refunded: the video was deleted',
    failed: 'Refunded: the generation failed',
  } as const;

  const CODE_OF = {
    cancelled: 'cancelled',
    qualityCheck: 'output_check',
    support: 'marked_failed',
    provider: 'aiproxy_error',
    timeout: 'timeout',
    deleted: 'deleted',
    failed: 'ssrf_blocked',
  } as const;

  it('says every reason in English, with and without the amount', async () => {
    await act(() => setLanguage('en'));
    const { result } = renderHook(() => useRefundText());
    for (const reason of REFUND_REASONS) {
      expect(result.current.refunded(CODE_OF[reason])).toBe(EN[reason]);
    }
    expect(result.current.reason('cancelled')).toBe('cancelled by you');
  });

  it('says every reason in Polish', async () => {
    await act(() => setLanguage('pl'));
    const { result } = renderHook(() => useRefundText());
    expect(result.current.refunded('cancelled')).toBe('Zwrot: anulowane przez Ciebie');
    expect(result.current.refunded('output_check')).toBe('Zwrot: film nie przeszedł naszej kontroli jakości');
    expect(result.current.refunded('marked_failed')).toBe('Zwrot: zatrzymane przez nasz zespół wsparcia');
    expect(result.current.refunded('unknown')).toBe('Zwrot: generowanie się nie powiodło');
    expect(result.current.refunded('aiproxy_error')).toBe('Zwrot: błąd po stronie dostawcy');
    expect(result.current.refunded('timeout')).toBe('Zwrot: renderowanie trwało za długo');
    expect(result.current.refunded('deleted')).toBe('Zwrot: film został usunięty');
    expect(result.current.refunded('ssrf_blocked')).toBe('Zwrot: generowanie się nie powiodło');
    await act(() => setLanguage('en'));
  });
});
