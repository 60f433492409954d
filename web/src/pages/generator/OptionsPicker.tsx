import type { AiModel, JobAspectRatio, JobDuration, JobQuality, JobSpeed } from '@kadr/contracts';
import { Link } from 'react-router';
import { frameSizeOf, resolutionOf, useOptionLabels, type JobOptions } from '../../features/jobs';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { ChoiceGroup, type ChoiceOption } from '../../ui';
import type { ModelOptions } from './generator-form';
import { generatorMessages } from './messages';

export interface OptionsPickerProps {
  model: AiModel;
  options: ModelOptions;
  value: JobOptions;
  onChange: (patch: Partial<JobOptions>) => void;
  /** The user's resolution cap (summary `maxResolution`), for the hint under quality. */
  cap: string | null;
  errors: Partial<Record<'duration' | 'quality' | 'speed' | 'aspectRatio', string>>;
}

/**
 * Shape, duration, quality and speed as segmented radio groups: only what the model offers; qualities
 * above the plan's cap stay visible but disabled, each saying which plan includes it, with an
 * Upgrade link under the group.
 */
export function OptionsPicker({ model, options, value, onChange, cap, errors }: OptionsPickerProps) {
  const { t } = useMessages('generator', generatorMessages);
  const labels = useOptionLabels();

  const durationOptions: ChoiceOption<`${JobDuration}`>[] = options.durations.map((duration) => ({
    value: `${duration}`,
    label: labels.duration(duration),
  }));

  const aspectOptions: ChoiceOption<JobAspectRatio>[] = options.aspectRatios.map((aspectRatio) => ({
    value: aspectRatio,
    label: (
      <OptionLabel
        main={`${aspectRatio} ${labels.aspectRatio(aspectRatio)}`}
        sub={frameSizeOf(value.quality, aspectRatio)}
      />
    ),
  }));

  const qualityOptions: ChoiceOption<JobQuality>[] = options.qualities.map((quality) => ({
    value: quality.value,
    // The quality's own name (Pro 1080p) in every shape; whether the plan allows it is the frame's long side.
    label: <OptionLabel main={labels.quality(quality.value)} sub={resolutionOf(model, quality.value)} />,
    disabled: !quality.allowed,
    hint: !quality.allowed && quality.plan ? t('options.neededPlan', { plan: t(`plans.${quality.plan}`) }) : undefined,
  }));
  const capped = options.qualities.some((quality) => !quality.allowed);

  const speedOptions: ChoiceOption<JobSpeed>[] = options.speeds.map((speed) => {
    const factor = model.price.speedFactors[speed];
    const change =
      factor === 1
        ? undefined
        : formatNumber(factor - 1, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 });
    return {
      value: speed,
      label: (
        <OptionLabel
          main={labels.speed(speed)}
          sub={change}
          subLabel={change ? t('options.speedCost', { change }) : undefined}
        />
      ),
    };
  });

  return (
    <div className="generator-options">
      {aspectOptions.length > 0 && (
        <ChoiceGroup
          legend={t('options.aspectRatio')}
          name="aspectRatio"
          options={aspectOptions}
          value={value.aspectRatio ?? null}
          onChange={(aspectRatio) => onChange({ aspectRatio })}
          error={errors.aspectRatio}
        />
      )}
      <ChoiceGroup
        legend={t('options.duration')}
        name="duration"
        options={durationOptions}
        value={`${value.duration}`}
        onChange={(duration) => onChange({ duration: Number(duration) as JobDuration })}
        error={errors.duration}
      />
      <ChoiceGroup
        legend={t('options.quality')}
        name="quality"
        options={qualityOptions}
        value={value.quality}
        onChange={(quality) => onChange({ quality })}
        error={errors.quality}
        hint={
          capped && cap ? (
            <>
              {t('options.capHint', { cap })} <Link to="/subscription">{t('options.upgrade')}</Link>
            </>
          ) : undefined
        }
      />
      <ChoiceGroup
        legend={t('options.speed')}
        name="speed"
        options={speedOptions}
        value={value.speed}
        onChange={(speed) => onChange({ speed })}
        error={errors.speed}
      />
    </div>
  );
}

/** An option's name with a small second line (resolution, price change). */
function OptionLabel({
  main,
  sub,
  subLabel,
}: {
  main: string;
  sub?: string | undefined;
  subLabel?: string | undefined;
}) {
  return (
    <span className="generator-option">
      <span className="generator-option__main">{main}</span>
      {sub && ' '}
      {sub && (
        <span className="generator-option__sub">
          {subLabel ? (
            <>
              <span aria-hidden="true">{sub}</span>
              <span className="visually-hidden">{subLabel}</span>
            </>
          ) : (
            sub
          )}
        </span>
      )}
    </span>
  );
}
