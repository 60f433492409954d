import type { JobView } from '@kadr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getJob } from '../../api/endpoints';
import { jobKeys, type JobOptions } from '../../features/jobs';

/** A finished or running job's settings as the generator's fields take them ("Use these settings"). */
export interface RemixSettings {
  prompt: string;
  modelId: string;
  options: JobOptions;
  /** The seed field's text: the job's seed, or empty (random) for a model without seeds. */
  seedText: string;
  negativePrompt: string;
  /** The job's copy of its start image (its name for `image`, and where to show it); null for text-to-video. */
  startImage: { image: string; url: string } | null;
}

export function remixSettingsOf(job: JobView): RemixSettings {
  return {
    prompt: job.prompt,
    modelId: job.modelId,
    options: { duration: job.duration, quality: job.quality, speed: job.speed, aspectRatio: job.aspectRatio },
    seedText: job.seed === null ? '' : String(job.seed),
    negativePrompt: job.negativePrompt ?? '',
    startImage: job.startImage ?? null,
  };
}

export type RemixState =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'applied'; prompt: string } | { kind: 'failed' };

/**
 * `?remix=<jobId>`: reads the person's own job (404 for anyone else's) and hands its settings to `apply`
 * once, when they arrive; the fields stay the person's to change afterwards. The price preview follows
 * the fields, so it is worked out again for the settings as they are now (the plan, the balance).
 */
export function useRemix(jobId: string | null, apply: (settings: RemixSettings) => void): RemixState {
  const job = useQuery({
    queryKey: jobKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => getJob(jobId!, { signal }).then((answer) => answer.data),
    enabled: jobId !== null,
    staleTime: 0,
  });
  const applied = useRef<string | null>(null);
  const data = job.data;
  useEffect(() => {
    if (!jobId || !data || applied.current === jobId) return;
    applied.current = jobId;
    apply(remixSettingsOf(data));
  }, [apply, data, jobId]);

  if (!jobId) return { kind: 'none' };
  if (data) return { kind: 'applied', prompt: data.prompt };
  if (job.isError) return { kind: 'failed' };
  return { kind: 'loading' };
}
