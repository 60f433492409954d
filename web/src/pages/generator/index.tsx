import type { CreateJobRequest, CreateJobResponse } from '@kadr/contracts';
import { NEGATIVE_PROMPT_MAX_LENGTH, SEED_MAX } from '@kadr/contracts/values';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { PROMPT_MAX_LENGTH } from '../../config/constants';
import {
  frameSizeOf,
  PricePreview,
  REMIX_PARAM,
  previewCharge,
  resolutionOf,
  useOptionLabels,
  type JobOptions,
} from '../../features/jobs';
import { currentLanguage } from '../../i18n/i18n';
import { useMessages } from '../../i18n/use-messages';
import { LeaveGuard } from '../../navigation';
import { toast } from '../../notifications/toast-store';
import { refreshTopBar, useTopBar } from '../../session/top-bar-store';
import { Button, ButtonLink, Card, PageHeader } from '../../ui';
import { CreativeFields } from './CreativeFields';
import { Generations } from './Generations';
import {
  effectiveAspectRatio,
  effectiveOptions,
  initialPrompt,
  INITIAL_OPTIONS,
  optionsOf,
  parseSeed,
  sanitizeNegativePrompt,
  sanitizePrompt,
  validateForm,
  type ClientFieldError,
} from './generator-form';
import { generatorMessages } from './messages';
import { ModelPicker } from './ModelPicker';
import { OptionsPicker } from './OptionsPicker';
import { PromptField } from './PromptField';
import { StartImageField } from './StartImageField';
import { SubmitError } from './SubmitError';
import { addSubmission } from './submissions-store';
import { useCreateJob } from './use-create-job';
import { useGroupedModels } from './use-grouped-models';
import { useRemix, type RemixSettings, type RemixState } from './use-remix';
import { useStartImage } from './use-start-image';
import './generator.css';

type FieldName =
  'prompt' | 'modelId' | 'duration' | 'quality' | 'speed' | 'aspectRatio' | 'seed' | 'negativePrompt' | 'image';
const FIELDS: readonly FieldName[] = [
  'prompt',
  'modelId',
  'duration',
  'quality',
  'speed',
  'aspectRatio',
  'seed',
  'negativePrompt',
  'image',
];

/** The `{{max}}` of each field's messages. */
const MAX_OF_FIELD: Partial<Record<FieldName, number>> = {
  prompt: PROMPT_MAX_LENGTH,
  seed: SEED_MAX,
  negativePrompt: NEGATIVE_PROMPT_MAX_LENGTH,
};

interface FieldErrors {
  byField: Partial<Record<FieldName, string>>;
  /** Server field errors that belong to no field on this page. */
  other: string[];
}
const NO_FIELD_ERRORS: FieldErrors = { byField: {}, other: [] };

/** A prompt handed over by another page: router state `{ prompt }` or `?prompt=`. */
function handedOverPrompt(state: unknown, query: string | null): string {
  const fromState = typeof state === 'object' && state !== null ? (state as { prompt?: unknown }).prompt : undefined;
  return initialPrompt(typeof fromState === 'string' ? fromState : query);
}

/** `/generate`: prompt, model and options → a job, with its price before and its progress after. */
export default function GeneratorPage() {
  const { t } = useMessages('generator', generatorMessages);
  const labels = useOptionLabels();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const formId = `generator-form-${useId()}`;
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const generationsRef = useRef<HTMLDivElement>(null);

  const [prompt, setPrompt] = useState(() => handedOverPrompt(location.state, searchParams.get('prompt')));
  const [chosenModelId, setChosenModelId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<JobOptions>(INITIAL_OPTIONS);
  /** The seed field's text (empty: random) and the negative prompt, kept across model changes. */
  const [seedText, setSeedText] = useState('');
  const [negativePrompt, setNegativePrompt] = useState('');
  const startImage = useStartImage();
  const { adoptExisting, clear: clearStartImage } = startImage;
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  /** The prompt of the last job created here: unchanged, it is not "unsent" work. */
  const [sentPrompt, setSentPrompt] = useState<string | null>(null);
  /** The body of the last submission (a refusal is explained in its terms, not the form's current ones). */
  const [attempted, setAttempted] = useState<CreateJobRequest | null>(null);

  // "Use these settings" on a job's page or a gallery card: the fields filled in from that job, once.
  const applyRemix = useCallback(
    (settings: RemixSettings) => {
      setPrompt(sanitizePrompt(settings.prompt));
      setChosenModelId(settings.modelId);
      setChosen(settings.options);
      setSeedText(settings.seedText);
      setNegativePrompt(sanitizeNegativePrompt(settings.negativePrompt));
      if (settings.startImage) adoptExisting(settings.startImage.image, settings.startImage.url);
      else clearStartImage();
    },
    [adoptExisting, clearStartImage],
  );
  const remix = useRemix(searchParams.get(REMIX_PARAM), applyRemix);

  const { query: modelsQuery, groups, byId } = useGroupedModels();
  const plan = useTopBar((state) => state.plan);
  const allowance = useTopBar((state) => state.allowance);
  const maxResolution = useTopBar((state) => state.maxResolution);
  const credits = useTopBar((state) => state.credits);
  const entitlements = { plan, allowance, maxResolution, credits };

  // The price preview needs the current plan, allowance and balance (debounced, shared with the top bar).
  useEffect(() => {
    refreshTopBar().catch(() => undefined);
  }, []);

  const modelId = chosenModelId && byId.has(chosenModelId) ? chosenModelId : (groups[0]?.models[0]?.id ?? null);
  const model = modelId ? byId.get(modelId) : undefined;
  // The qualities' resolutions depend on the shape (the plan's cap applies to the frame's long side).
  const modelOptions = model ? optionsOf(model, maxResolution, effectiveAspectRatio(model, chosen.aspectRatio)) : null;
  const options = modelOptions ? effectiveOptions(chosen, modelOptions) : chosen;

  const onCreated = useCallback(
    (job: CreateJobResponse, body: CreateJobRequest) => {
      const modelName = byId.get(body.modelId)?.name ?? body.modelId;
      addSubmission({ id: job.id, prompt: body.prompt, summary: `${modelName} · ${labels.summary(body)}` });
      toast.success(t('toast.queued'));
    },
    [byId, labels, t],
  );
  const creation = useCreateJob(onCreated);

  const trimmed = prompt.trim();
  const dirty = trimmed !== '' && trimmed !== sentPrompt;

  /** Any edit: a new logical request (new key), and the messages about the old one go. */
  const edited = (field: FieldName) => {
    creation.formChanged();
    if (!creation.isPending) creation.reset();
    setFieldErrors((current) => {
      if (!current.byField[field]) return current;
      const byField = { ...current.byField };
      delete byField[field];
      return { ...current, byField };
    });
  };

  const changePrompt = (value: string) => {
    setPrompt(sanitizePrompt(value));
    edited('prompt');
  };
  const changeModel = (id: string) => {
    setChosenModelId(id);
    edited('modelId');
  };
  const changeOptions = (patch: Partial<JobOptions>) => {
    setChosen((current) => ({ ...current, ...patch }));
    for (const field of Object.keys(patch) as FieldName[]) edited(field);
  };

  const changeSeed = (value: string) => {
    setSeedText(value);
    edited('seed');
  };
  const chooseStartImage = (file: File) => {
    void startImage.choose(file);
    edited('image');
  };
  const removeStartImage = () => {
    startImage.clear();
    edited('image');
  };
  const changeNegativePrompt = (value: string) => {
    setNegativePrompt(sanitizeNegativePrompt(value));
    edited('negativePrompt');
  };

  const clientMessage = (error: ClientFieldError) =>
    t(`errors.${error}`, { max: error === 'seedInvalid' ? SEED_MAX : PROMPT_MAX_LENGTH });
  /** English shows the service's own (more specific) sentence; Polish our translation of the field's rule. */
  const serverMessage = (field: FieldName, text: string) =>
    currentLanguage() === 'en' ? text : t(`fieldErrors.${field}`, { max: MAX_OF_FIELD[field] ?? PROMPT_MAX_LENGTH });

  const showFieldErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    // Move to the first field to fix (the summary says why, and is announced).
    requestAnimationFrame(() => {
      if (errors.byField.prompt) promptRef.current?.focus();
      else summaryRef.current?.focus();
    });
  };

  const submit = () => {
    if (creation.isPending) return;
    const seedOffered = modelOptions?.seed === true;
    const clientErrors = validateForm({ prompt, modelId, ...(seedOffered ? { seed: seedText } : {}) });
    if (Object.keys(clientErrors).length > 0) {
      const byField: FieldErrors['byField'] = {};
      for (const [field, error] of Object.entries(clientErrors) as [FieldName, ClientFieldError][]) {
        byField[field] = clientMessage(error);
      }
      showFieldErrors({ byField, other: [] });
      return;
    }
    if (!modelId) return;
    setFieldErrors(NO_FIELD_ERRORS);
    // Only the options the model takes are sent (the service refuses the others with a field error).
    const seed = seedOffered ? parseSeed(seedText) : undefined;
    const negative = modelOptions?.negativePrompt ? negativePrompt.trim() : '';
    const imageOffered = model?.supportsStartImage === true;
    if (imageOffered && startImage.state.kind === 'uploading') {
      showFieldErrors({ byField: { image: t('startImage.waiting') }, other: [] });
      return;
    }
    const image = imageOffered && startImage.state.kind === 'ready' ? startImage.state.image : undefined;
    const body: CreateJobRequest = {
      prompt: trimmed,
      modelId,
      ...options,
      ...(typeof seed === 'number' ? { seed } : {}),
      ...(negative ? { negativePrompt: negative } : {}),
      ...(image ? { image } : {}),
    };
    setAttempted(body);
    creation.submit(body, {
      onSuccess: () => {
        setSentPrompt(body.prompt);
        // On a phone the progress card is below the form: bring it into view (no scroll when visible).
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        generationsRef.current?.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
      },
      onError: (error) => {
        // Our picture of the plan or the balance was out of date: bring it up to date.
        if (isApiError(error) && (error.reason === 'tier_cap' || error.reason === 'insufficient_credits')) {
          refreshTopBar().catch(() => undefined);
        }
        if (!isApiError(error) || Object.keys(error.fieldErrors).length === 0) return;
        const byField: FieldErrors['byField'] = {};
        const other: string[] = [];
        for (const [field, text] of Object.entries(error.fieldErrors)) {
          if ((FIELDS as readonly string[]).includes(field))
            byField[field as FieldName] = serverMessage(field as FieldName, text);
          else other.push(text);
        }
        showFieldErrors({ byField, other });
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const hasFieldErrors = Object.keys(fieldErrors.byField).length > 0 || fieldErrors.other.length > 0;
  const submitError =
    creation.error && !(isApiError(creation.error) && Object.keys(creation.error.fieldErrors).length > 0)
      ? creation.error
      : null;
  const attemptedModel = attempted ? byId.get(attempted.modelId) : undefined;
  const attemptedOptions = attempted ?? options;
  const attemptedCharge = attemptedModel ? previewCharge(attemptedModel, attemptedOptions, entitlements) : null;

  return (
    <div className="page generator-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <ButtonLink to="/dashboard" variant="ghost">
            {t('toDashboard')}
          </ButtonLink>
        }
      />
      <div className="generator-layout">
        <form id={formId} className="generator-form" noValidate onSubmit={onSubmit} aria-label={t('title')}>
          <RemixNotice state={remix} />
          <Card as="section" aria-labelledby={`${formId}-step-prompt`}>
            <StepTitle id={`${formId}-step-prompt`} step={1} title={t('steps.prompt')} />
            <PromptField
              ref={promptRef}
              value={prompt}
              onChange={changePrompt}
              onSubmitShortcut={submit}
              error={fieldErrors.byField.prompt}
            />
          </Card>
          <Card as="section" aria-labelledby={`${formId}-step-model`}>
            <StepTitle id={`${formId}-step-model`} step={2} title={t('steps.model')} />
            <ModelPicker
              groups={groups}
              status={modelsQuery.status}
              error={modelsQuery.error}
              refreshing={modelsQuery.isFetching}
              onRetry={() => void modelsQuery.refetch()}
              value={modelId}
              onChange={changeModel}
              fieldError={fieldErrors.byField.modelId}
            />
          </Card>
          <Card as="section" aria-labelledby={`${formId}-step-options`}>
            <StepTitle id={`${formId}-step-options`} step={3} title={t('steps.options')} />
            {model && modelOptions ? (
              <OptionsPicker
                model={model}
                options={modelOptions}
                value={options}
                onChange={changeOptions}
                cap={maxResolution}
                errors={{
                  aspectRatio: fieldErrors.byField.aspectRatio,
                  duration: fieldErrors.byField.duration,
                  quality: fieldErrors.byField.quality,
                  speed: fieldErrors.byField.speed,
                }}
              />
            ) : (
              <p className="generator-muted">{t('options.chooseModelFirst')}</p>
            )}
            {modelOptions && (
              <CreativeFields
                seedOffered={modelOptions.seed}
                negativePromptOffered={modelOptions.negativePrompt}
                seed={seedText}
                negativePrompt={negativePrompt}
                onSeedChange={changeSeed}
                onNegativePromptChange={changeNegativePrompt}
                errors={{ seed: fieldErrors.byField.seed, negativePrompt: fieldErrors.byField.negativePrompt }}
              />
            )}
          </Card>
          {model?.supportsStartImage && (
            <Card as="section" aria-labelledby={`${formId}-step-image`}>
              <StepTitle id={`${formId}-step-image`} step={4} title={t('steps.image')} />
              <StartImageField
                state={startImage.state}
                onChoose={chooseStartImage}
                onClear={removeStartImage}
                error={fieldErrors.byField.image}
              />
            </Card>
          )}
        </form>

        <aside className="generator-side" aria-labelledby={`${formId}-checkout`}>
          <Card as="section" className="generator-checkout" aria-labelledby={`${formId}-checkout`}>
            <h2 id={`${formId}-checkout`} className="generator-section-title">
              {t('checkout')}
            </h2>
            {model && (
              <p className="generator-checkout__choice">
                {model.name} · {labels.summary(options)} · {frameSizeOf(options.quality, options.aspectRatio)}
              </p>
            )}
            {model && <PricePreview model={model} options={options} entitlements={entitlements} />}
            {hasFieldErrors && (
              <div ref={summaryRef} tabIndex={-1} className="generator-alert generator-alert--danger" role="alert">
                <p className="generator-alert__title">{t('errors.fixFields')}</p>
                {fieldErrors.other.length > 0 && (
                  <ul className="generator-alert__list">
                    {fieldErrors.other.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            {submitError !== null && (
              <SubmitError
                error={submitError}
                quality={attemptedOptions.quality}
                resolution={resolutionOf(attemptedModel, attemptedOptions.quality, attemptedOptions.aspectRatio)}
                cap={maxResolution}
                cost={attemptedCharge?.kind === 'credits' ? attemptedCharge.cost : null}
                available={attemptedCharge?.kind === 'credits' ? attemptedCharge.available : null}
                onRetry={submit}
                retrying={creation.isPending}
              />
            )}
            <Button
              type="submit"
              form={formId}
              variant="primary"
              size="lg"
              block
              loading={creation.isPending}
              // Nothing can be generated without a model (loading, none available, list failed).
              disabled={!model}
            >
              {creation.isPending ? t('submitting') : t('submit')}
            </Button>
          </Card>
          <Generations ref={generationsRef} />
        </aside>
      </div>
      <LeaveGuard when={dirty} />
    </div>
  );
}

function StepTitle({ id, step, title }: { id: string; step: number; title: string }) {
  return (
    <h2 id={id} className="generator-step">
      <span className="generator-step__number" aria-hidden="true">
        {step}
      </span>
      {title}
    </h2>
  );
}

/** What "Use these settings" did: the video whose settings are filled in, or why they could not be. */
function RemixNotice({ state }: { state: RemixState }) {
  const { t } = useMessages('generator', generatorMessages);
  if (state.kind === 'none') return null;
  if (state.kind === 'loading') {
    return (
      <p className="generator-remix" role="status">
        {t('remix.loading')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <p className="generator-alert generator-alert--danger" role="alert">
        {t('remix.failed')}
      </p>
    );
  }
  return (
    <p className="generator-remix" role="status">
      {t('remix.applied', { prompt: state.prompt })}
    </p>
  );
}
