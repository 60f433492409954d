import { MAX_START_IMAGE_BYTES, START_IMAGE_CONTENT_TYPES, type StartImageContentType } from '@kadr/contracts/values';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { requestStartImageUpload, sendStartImage } from '../../api/endpoints';

/** Why a chosen file is not sent, or why sending it failed. */
export type StartImageProblem = 'type' | 'tooLarge' | 'empty' | 'uploadFailed';

/** The generator's start image: none, being sent, ready (its name for `POST /jobs`), or refused. */
export type StartImageState =
  | { kind: 'none' }
  | { kind: 'uploading'; preview: string; fileName: string }
  | { kind: 'ready'; image: string; preview: string; fileName: string }
  | { kind: 'failed'; problem: StartImageProblem; detail?: string };

/** The browser's own checks, before anything is sent (the services check again, and more). */
export function problemOfFile(file: Pick<File, 'type' | 'size'>): StartImageProblem | null {
  if (!(START_IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_START_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/**
 * Choosing a start image (issue 21): the file is checked here, then media hands out an upload form and
 * the file goes straight to storage with it; the job is created later with the name media gave. A remix
 * starts "ready" with the earlier job's own copy (no upload). Previews are object URLs, released when replaced.
 */
export function useStartImage() {
  const [state, setState] = useState<StartImageState>({ kind: 'none' });
  const objectUrl = useRef<string | null>(null);
  const attempt = useRef<AbortController | null>(null);

  const releasePreview = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  useEffect(
    () => () => {
      attempt.current?.abort();
      releasePreview();
    },
    [],
  );

  const clear = useCallback(() => {
    attempt.current?.abort();
    releasePreview();
    setState({ kind: 'none' });
  }, []);

  const choose = useCallback(async (file: File) => {
    attempt.current?.abort();
    releasePreview();
    const problem = problemOfFile(file);
    if (problem) {
      setState({ kind: 'failed', problem });
      return;
    }
    const controller = new AbortController();
    attempt.current = controller;
    const preview = URL.createObjectURL(file);
    objectUrl.current = preview;
    setState({ kind: 'uploading', preview, fileName: file.name });
    try {
      const form = await requestStartImageUpload(
        { contentType: file.type as StartImageContentType, sizeBytes: file.size },
        newIdempotencyKey(),
        { signal: controller.signal },
      );
      const sent = await sendStartImage(form.upload, file, controller.signal);
      if (controller.signal.aborted) return;
      setState(
        sent
          ? { kind: 'ready', image: form.image, preview, fileName: file.name }
          : { kind: 'failed', problem: 'uploadFailed' },
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      const detail = isApiError(error) ? Object.values(error.fieldErrors)[0] : undefined;
      setState({ kind: 'failed', problem: 'uploadFailed', detail });
    }
  }, []);

  /** A remix: the earlier job's copy of its start image, shown from its same-origin URL. */
  const adoptExisting = useCallback((image: string, url: string) => {
    attempt.current?.abort();
    releasePreview();
    setState({ kind: 'ready', image, preview: url, fileName: '' });
  }, []);

  return { state, choose, clear, adoptExisting };
}
