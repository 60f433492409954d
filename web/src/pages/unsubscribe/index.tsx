import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { unsubscribeFromEmails } from '../../api/endpoints';
import { useMessages } from '../../i18n/use-messages';
import { Button, ButtonLink } from '../../ui';
import { PublicLayout } from '../public-shared/PublicLayout';
import { unsubscribeMessages } from './messages';
import './unsubscribe.css';

type Step = 'ready' | 'sending' | 'done' | 'invalid' | 'failed';

/** Where "Sign in to manage your settings" leads: the sign-in, then Settings (straight there when signed in). */
export const SIGN_IN_TO_SETTINGS = `/login?returnTo=${encodeURIComponent('/settings')}`;

/** The token was refused: bad, altered or expired (400 `validation` or `unsubscribe-link-invalid`). */
function isRefusedLink(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || /\/unsubscribe-link-invalid$/.test(error.type ?? ''));
}

/**
 * `/unsubscribe?token=…` (issue 20): the e-mails' unsubscribe link, without signing in. It explains,
 * and stops the e-mails only when the person presses the button — never on load: mail scanners open
 * every link of a message. A link without a token, or one the server refuses, says so plainly.
 */
export default function UnsubscribePage() {
  const { t } = useMessages('unsubscribe', unsubscribeMessages);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [step, setStep] = useState<Step>(token ? 'ready' : 'invalid');
  // One key for the page: pressing again after a failure repeats the same request.
  const key = useRef(newIdempotencyKey());
  const outcomeHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  // The outcome replaces the button: focus its heading, so it is read out and the keyboard stays in place.
  useEffect(() => {
    if (step === 'done' || (step === 'invalid' && token)) outcomeHeading.current?.focus();
  }, [step, token]);

  async function stopEmails() {
    setStep('sending');
    try {
      await unsubscribeFromEmails(token, key.current);
      setStep('done');
    } catch (error) {
      setStep(isRefusedLink(error) ? 'invalid' : 'failed');
    }
  }

  return (
    <PublicLayout>
      <div className="unsubscribe-page">
        <section className="public-card unsubscribe-card" aria-labelledby="unsubscribe-title">
          <h1 id="unsubscribe-title" className="unsubscribe-card__title">
            {t('title')}
          </h1>
          {step === 'done' ? (
            <div className="unsubscribe-card__outcome" data-testid="unsubscribe-done">
              <h2 ref={outcomeHeading} tabIndex={-1} className="unsubscribe-card__outcome-title">
                {t('done.title')}
              </h2>
              <p>{t('done.text')}</p>
              <p>{t('later')}</p>
            </div>
          ) : step === 'invalid' ? (
            <div
              className="unsubscribe-card__outcome unsubscribe-card__outcome--error"
              data-testid="unsubscribe-invalid"
            >
              <h2 ref={outcomeHeading} tabIndex={-1} className="unsubscribe-card__outcome-title">
                {t('invalid.title')}
              </h2>
              <p>{t('invalid.text')}</p>
            </div>
          ) : (
            <>
              <p className="unsubscribe-card__lead">{t('lead')}</p>
              <p className="unsubscribe-card__lead">{t('later')}</p>
              {step === 'failed' && (
                <p role="alert" className="unsubscribe-card__failed">
                  {t('failed')}
                </p>
              )}
              <Button variant="primary" size="lg" block loading={step === 'sending'} onClick={() => void stopEmails()}>
                {t('button')}
              </Button>
              <p className="visually-hidden" aria-live="polite">
                {step === 'sending' ? t('sending') : ''}
              </p>
            </>
          )}
          <ButtonLink to={SIGN_IN_TO_SETTINGS} variant={step === 'ready' ? 'ghost' : 'secondary'}>
            {t('signIn')}
          </ButtonLink>
        </section>
      </div>
    </PublicLayout>
  );
}
