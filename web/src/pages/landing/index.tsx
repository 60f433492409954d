import { useEffect } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { JOB_DURATIONS_SECONDS } from '../../config/constants';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { ButtonLink } from '../../ui';
import { PublicLayout } from '../public-shared/PublicLayout';
import { usePublicSession } from '../public-shared/use-public-session';
import { useScrollToHash } from '../public-shared/use-scroll-to-hash';
import { EXAMPLE_CLIPS } from './examples';
import { CalendarIcon, CheckIcon, CoinsIcon, GalleryIcon, GlobeIcon, PencilIcon, PulseIcon } from './icons';
import { LoopingClip } from './LoopingClip';
import { landingMessages } from './messages';
import { Pricing } from './Pricing';
import './landing.css';

/** `/` and `/landing`: what Kadr does, how, real examples, prices, and the way in. */
export default function LandingPage() {
  const { t } = useMessages('landing', landingMessages);
  useScrollToHash();
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <PublicLayout>
      <Hero />
      <HowItWorks />
      <Examples />
      <Features />
      <Pricing />
      <Faq />
      <FinalCta />
    </PublicLayout>
  );
}

/** Signed in: straight to the generator; otherwise the login page (which comes back to the generator). */
function useStartLink(): { to: string; signedIn: boolean } {
  const { signedIn } = usePublicSession();
  return signedIn ? { to: '/generate', signedIn } : { to: '/login?returnTo=%2Fgenerate', signedIn };
}

function Hero() {
  const { t } = useMessages('landing', landingMessages);
  const start = useStartLink();
  const clip = EXAMPLE_CLIPS[0];
  return (
    <section className="landing-hero" aria-labelledby="hero-title">
      <div className="landing-hero__inner">
        <div className="landing-hero__text">
          <p className="landing-hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="hero-title" className="landing-hero__title">
            {t('hero.title')} <span className="landing-hero__accent">{t('hero.titleAccent')}</span>
          </h1>
          <p className="landing-hero__lead">{t('hero.lead')}</p>
          <div className="landing-hero__actions">
            <ButtonLink to={start.to} variant="primary" size="lg">
              {start.signedIn ? t('hero.openGenerator') : t('hero.signIn')}
            </ButtonLink>
            <ButtonLink to="/#pricing" variant="secondary" size="lg">
              {t('hero.seePricing')}
            </ButtonLink>
          </div>
          <ul className="landing-hero__points">
            {(['expire', 'failed', 'renewal'] as const).map((key) => (
              <li key={key}>
                <CheckIcon />
                {t(`hero.points.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        {clip && (
          <figure className="landing-hero__demo">
            <figcaption className="landing-hero__prompt">
              <span className="landing-hero__prompt-label">{t('hero.promptLabel')}</span>
              <span lang={clip.promptLanguage}>{clip.prompt}</span>
            </figcaption>
            <div className="landing-hero__screen">
              <LoopingClip clip={clip} label={t('hero.videoLabel')} className="landing-hero__video" />
              <span className="landing-hero__status">
                <span className="landing-hero__status-dot" aria-hidden="true" />
                {t('hero.ready')}
              </span>
            </div>
          </figure>
        )}
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useMessages('landing', landingMessages);
  const durations = JOB_DURATIONS_SECONDS.map((seconds) => `${formatNumber(seconds)} s`).join(', ');
  const steps = [
    { key: 'describe', icon: <PencilIcon />, text: t('how.describe.text', { durations }) },
    { key: 'render', icon: <PulseIcon />, text: t('how.render.text') },
    { key: 'keep', icon: <GalleryIcon />, text: t('how.keep.text') },
  ] as const;
  return (
    <section className="landing-section" aria-labelledby="how-title">
      <div className="landing-section__head">
        <h2 id="how-title" className="landing-section__title">
          {t('how.title')}
        </h2>
        <p className="landing-section__lead">{t('how.lead')}</p>
      </div>
      <ol className="landing-steps">
        {steps.map((step, index) => (
          <li key={step.key} className="landing-step">
            <div className="landing-step__top">
              <span className="landing-step__icon">{step.icon}</span>
              <span className="landing-step__number">{t('how.stepLabel', { number: formatNumber(index + 1) })}</span>
            </div>
            <h3 className="landing-step__title">{t(`how.${step.key}.title`)}</h3>
            <p className="landing-step__text">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Examples() {
  const { t } = useMessages('landing', landingMessages);
  return (
    <section className="landing-section" aria-labelledby="examples-title">
      <div className="landing-section__head">
        <h2 id="examples-title" className="landing-section__title">
          {t('examples.title')}
        </h2>
        <p className="landing-section__lead">{t('examples.lead')}</p>
      </div>
      <ul className="landing-examples" role="list">
        {EXAMPLE_CLIPS.map((clip) => (
          <li key={clip.id}>
            <figure className="landing-example">
              <LoopingClip
                clip={clip}
                label={t('examples.videoLabel', { prompt: clip.prompt })}
                className="landing-example__video"
              />
              <figcaption className="landing-example__caption">
                <span className="landing-example__label">{t('examples.promptLabel')}</span>
                <q lang={clip.promptLanguage}>{clip.prompt}</q>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Features() {
  const { t } = useMessages('landing', landingMessages);
  const features = [
    { key: 'live', icon: <PulseIcon /> },
    { key: 'credits', icon: <CoinsIcon /> },
    { key: 'plans', icon: <CalendarIcon /> },
    { key: 'languages', icon: <GlobeIcon /> },
  ] as const;
  return (
    <section className="landing-section" aria-labelledby="features-title">
      <div className="landing-section__head">
        <h2 id="features-title" className="landing-section__title">
          {t('features.title')}
        </h2>
      </div>
      <ul className="landing-features" role="list">
        {features.map((feature) => (
          <li key={feature.key} className="landing-feature">
            <span className="landing-feature__icon">{feature.icon}</span>
            <h3 className="landing-feature__title">{t(`features.${feature.key}.title`)}</h3>
            <p className="landing-feature__text">{t(`features.${feature.key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Faq() {
  const { t } = useMessages('landing', landingMessages);
  const questions = ['credit', 'expire', 'failed', 'cancel', 'pay'] as const;
  return (
    <section className="landing-section landing-section--split" aria-labelledby="faq-title">
      <div className="landing-section__head">
        <h2 id="faq-title" className="landing-section__title">
          {t('faq.title')}
        </h2>
        <p className="landing-section__lead">
          <Trans t={t} i18nKey="faq.lead" components={{ terms: <Link to="/regulamin" /> }} />
        </p>
      </div>
      <div className="landing-faq">
        {questions.map((key) => (
          <details key={key} className="landing-faq__item">
            <summary className="landing-faq__question">{t(`faq.${key}.q`)}</summary>
            <p className="landing-faq__answer">{t(`faq.${key}.a`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

function FinalCta() {
  const { t } = useMessages('landing', landingMessages);
  const start = useStartLink();
  return (
    <section className="landing-cta" aria-labelledby="cta-title">
      <div className="landing-cta__inner">
        <h2 id="cta-title" className="landing-cta__title">
          {t('cta.title')}
        </h2>
        <p className="landing-cta__text">{t('cta.text')}</p>
        <ButtonLink to={start.to} variant="primary" size="lg">
          {start.signedIn ? t('cta.openGenerator') : t('cta.signIn')}
        </ButtonLink>
      </div>
    </section>
  );
}
