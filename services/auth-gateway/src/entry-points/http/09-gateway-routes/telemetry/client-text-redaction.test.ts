import { redactClientProps, redactClientText } from './client-text-redaction';

describe('redactClientText', () => {
  it('hides e-mail addresses', () => {
    expect(redactClientText('No account for Jan.Kowalski+x@example.co.uk.')).toBe('No account for [email].');
  });

  it('hides query strings of URLs and paths, keeping the path', () => {
    expect(redactClientText('GET https://kadr.test/bff/x?token=abc&b=2 failed')).toBe(
      'GET https://kadr.test/bff/x?[query] failed',
    );
    expect(redactClientText('at /gallery?page=2')).toBe('at /gallery?[query]');
    expect(redactClientText('Really? Yes')).toBe('Really? Yes');
  });

  it('hides bearer tokens, JWTs and long opaque strings, but not UUIDs or words', () => {
    expect(redactClientText('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]');
    expect(redactClientText('id_token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig')).toBe('id_token [token]');
    expect(redactClientText('csrf Zx8Kq2mN4pR7sT1vW3yA5bC6dE9fG0hJ-kL_ab')).toBe('csrf [token]');
    expect(redactClientText('job 3b9d2f4e-1111-4222-8333-444455556666 failed')).toBe(
      'job 3b9d2f4e-1111-4222-8333-444455556666 failed',
    );
    expect(redactClientText('useSomethingVeryLongButHarmlessInTheStack')).toBe(
      'useSomethingVeryLongButHarmlessInTheStack',
    );
  });
});

describe('redactClientProps', () => {
  it('blanks secret-looking keys and redacts string values', () => {
    expect(
      redactClientProps({ apiKey: 'k', userEmail: 'a@b.pl', note: 'see a@b.pl', count: 3, ok: true, csrf: 'x' }),
    ).toEqual({
      apiKey: '[redacted]',
      userEmail: '[redacted]',
      note: 'see [email]',
      count: 3,
      ok: true,
      csrf: '[redacted]',
    });
    expect(redactClientProps(undefined)).toBeUndefined();
  });
});
