import type { CreateJobRequest, CreateJobResponse } from '@kadr/contracts';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { createJob } from '../../api/endpoints';
import { isKeptRefusal, retryWithSameKey } from '../../api/idempotency';
import { MUTATION_MAX_RETRIES } from '../../config/constants';
import { askPermissionOnFirstGeneration, mayAskPermission } from '../../features/inbox/browser-notifications';
import { notificationPreferencesQuery } from '../../features/inbox/inbox-actions';
import { trackLocalJob } from '../../live';
import { refreshTopBar } from '../../session/top-bar-store';

interface CreateVariables {
  body: CreateJobRequest;
  idempotencyKey: string;
}

/**
 * `POST /jobs` with ONE Idempotency-Key per logical submission:
 * - the same unchanged form sent again after a failure without a kept answer (network error,
 *   time-out, 5xx) reuses the key, so a request that did reach the server is not run twice;
 * - a change of the form (`formChanged()`), a success, or a kept refusal (400, 402, 403, …) starts
 *   a new key — the next press is a new request, not a replay.
 * On success the job is tracked at once (PENDING 0) and the balance refreshed, and — the first time,
 * if the browser has not been told yet and the user wants browser notifications — the browser asks
 * whether Kadr may tell when the video is ready (issue 20; never on page load).
 */
export function useCreateJob(onCreated?: (job: CreateJobResponse, body: CreateJobRequest) => void) {
  // The key and the body it was made for: a different body never reuses it (the gateway would
  // answer 422 idempotency_key_reuse), even when the change did not come from the person.
  const keyRef = useRef<{ key: string; body: string } | null>(null);
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const queryClient = useQueryClient();

  // The preferences are read ahead (a read, not the question), so the browser can ask right after
  // the click that started the generation rather than after one more round trip.
  useEffect(() => {
    if (mayAskPermission()) void queryClient.prefetchQuery(notificationPreferencesQuery);
  }, [queryClient]);

  const mutation = useMutation<CreateJobResponse, unknown, CreateVariables>({
    mutationFn: ({ body, idempotencyKey }) => createJob(body, idempotencyKey),
    // The cache's one mutation retry, only where repeating can help (never a kept refusal).
    retry: (failureCount, error) => retryWithSameKey(failureCount, error, MUTATION_MAX_RETRIES),
    onSuccess: (job, { body, idempotencyKey }) => {
      if (keyRef.current?.key === idempotencyKey) keyRef.current = null;
      trackLocalJob(job.id, job.createdAt);
      refreshTopBar().catch(() => undefined);
      void askPermissionOnFirstGeneration(queryClient);
      onCreatedRef.current?.(job, body);
    },
    onError: (error, { idempotencyKey }) => {
      if (isKeptRefusal(error) && keyRef.current?.key === idempotencyKey) keyRef.current = null;
    },
  });

  const { mutate, reset } = mutation;
  const submit = useCallback(
    (body: CreateJobRequest, callbacks?: MutateOptions<CreateJobResponse, unknown, CreateVariables>) => {
      const fingerprint = JSON.stringify(body);
      if (keyRef.current?.body !== fingerprint) keyRef.current = { key: newIdempotencyKey(), body: fingerprint };
      mutate({ body, idempotencyKey: keyRef.current.key }, callbacks);
    },
    [mutate],
  );

  /** The form changed: the next submission is a new logical action with its own key. */
  const formChanged = useCallback(() => {
    keyRef.current = null;
  }, []);

  return { submit, formChanged, reset, isPending: mutation.isPending, error: mutation.error };
}
