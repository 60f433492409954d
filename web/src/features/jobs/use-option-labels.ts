import type { JobAspectRatio, JobDuration, JobQuality, JobSpeed } from '@kadr/contracts';
import { useCallback } from 'react';
import { formatNumber } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { jobsMessages } from './messages';
import type { JobOptions } from './price';

/** Message keys cannot hold the space of "Ultra Fast". */
const speedKey = (speed: JobSpeed): string => speed.replace(/\s+/g, '');

/** Message keys of the frame shapes (a key cannot hold "16:9"). */
const ASPECT_KEY: Record<JobAspectRatio, string> = { '16:9': 'landscape', '9:16': 'portrait', '1:1': 'square' };

/** The people-facing names of a job's options in the current language ("5s", "Standard", "Ultra Fast"). */
export function useOptionLabels() {
  const { t } = useMessages('jobs', jobsMessages);
  const duration = useCallback(
    (seconds: JobDuration) => t('options.duration', { seconds: formatNumber(seconds) }),
    [t],
  );
  const quality = useCallback((value: JobQuality) => t(`options.quality.${value}`), [t]);
  const speed = useCallback((value: JobSpeed) => t(`options.speed.${speedKey(value)}`), [t]);
  /** "Portrait" (the ratio itself is shown next to it). */
  const aspectRatio = useCallback((value: JobAspectRatio) => t(`options.aspect.${ASPECT_KEY[value]}`), [t]);
  /** "5s · Standard · Normal", with the shape when it is not the default 16:9 ("5s · Standard · Normal · 9:16"). */
  const summary = useCallback(
    (options: JobOptions) =>
      [
        duration(options.duration),
        quality(options.quality),
        speed(options.speed),
        ...(options.aspectRatio && options.aspectRatio !== '16:9' ? [options.aspectRatio] : []),
      ].join(t('options.separator')),
    [duration, quality, speed, t],
  );
  return { duration, quality, speed, aspectRatio, summary };
}
