import type { JobDuration, JobQuality, JobSpeed } from '@kadr/contracts';
import { useCallback } from 'react';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { jobsMessages } from './messages';
import type { JobOptions } from './price';

/** Message keys cannot hold the space of "Ultra Fast". */
const speedKey = (speed: JobSpeed): string => speed.replace(/\s+/g, '');

/** The people-facing names of a job's options in the current language ("5s", "Standard", "Ultra Fast"). */
export function useOptionLabels() {
  const { t } = useMessages('jobs', jobsMessages);
  const duration = useCallback(
    (seconds: JobDuration) => t('options.duration', { seconds: formatNumber(seconds) }),
    [t],
  );
  const quality = useCallback((value: JobQuality) => t(`options.quality.${value}`), [t]);
  const speed = useCallback((value: JobSpeed) => t(`options.speed.${speedKey(value)}`), [t]);
  /** "5s · Standard · Normal". */
  const summary = useCallback(
    (options: JobOptions) =>
      [duration(options.duration), quality(options.quality), speed(options.speed)].join(t('options.separator')),
    [duration, quality, speed, t],
  );
  return { duration, quality, speed, summary };
}
