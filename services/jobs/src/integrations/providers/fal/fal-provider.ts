import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { X264_PRESET_OF_SPEED } from '../../../domain/catalogue/video-options';
import {
  GenerationError,
  type GenerationContext,
  type GenerationResult,
  type GenerationRequest,
  type VideoProvider,
} from '../../../domain/generation/video-provider';
import type { EgressGuard, EgressResponse } from '../../egress/egress-guard';
import { conformVideo } from '../../ffmpeg/video-probe';

/**
 * fal.ai's queue API (https://docs.fal.ai/documentation/model-apis/inference/queue):
 * `POST {queue}/{model}` with `Authorization: Key <key>` → `{ request_id, status_url, response_url }`;
 * `GET status_url` → `{ status: IN_QUEUE | IN_PROGRESS | COMPLETED }`; `GET response_url` → the
 * model's output, for text-to-video `{ video: { url, content_type, file_size } }`; then the file is
 * downloaded from fal's CDN. Every request goes through the egress guard.
 */

export interface FalProviderOptions {
  apiKey: string;
  queueUrl: string;
  /** The fal model (e.g. `fal-ai/kling-video/v2.1/standard/text-to-video`). */
  modelId: string;
  /**
   * Its image-to-video sibling (`fal-ai/kling-video/v2.1/standard/image-to-video`), which takes
   * `image_url` and no `aspect_ratio` (the image's shape decides; the conform step makes the frame).
   */
  imageModelId: string;
  pollIntervalMs: number;
  egress: EgressGuard;
  ffmpegPath: string;
  fps: number;
}

const SubmitAnswer = z.object({
  request_id: z.string().min(1),
  status_url: z.string().min(1),
  response_url: z.string().min(1),
});
const StatusAnswer = z.object({
  status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']),
  queue_position: z.number().optional(),
});
const ResultAnswer = z.object({ video: z.object({ url: z.string().min(1), content_type: z.string().optional() }) });

/** Largest video accepted from the provider. */
const MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024;

/** The fal models this adapter renders accept 5 or 10 s; a 15 s job asks for 10 s and the last frame is held. */
const falDuration = (seconds: number) => (seconds <= 5 ? '5' : '10');

export class FalVideoProvider implements VideoProvider {
  readonly name = 'fal';

  constructor(private readonly options: FalProviderOptions) {}

  isAvailable(): Promise<boolean> {
    return Promise.resolve(this.options.apiKey.length > 0);
  }

  async generate(request: GenerationRequest, context: GenerationContext): Promise<GenerationResult> {
    const { signal } = context;
    const startImageUrl = request.startImage ? await request.startImage.url() : undefined;
    const model = startImageUrl ? this.options.imageModelId : this.options.modelId;
    const submitted = SubmitAnswer.parse(
      await this.json(
        await this.call(`${this.options.queueUrl.replace(/\/$/, '')}/${model}`, signal, {
          method: 'POST',
          body: JSON.stringify({
            prompt: request.prompt,
            duration: falDuration(request.durationSeconds),
            // Image-to-video: fal fetches the start image from this (short-lived, signed) URL.
            ...(startImageUrl
              ? { image_url: startImageUrl }
              : // fal's Kling takes 16:9, 9:16 and 1:1 (the catalogue offers only those); the conform step makes the exact frame.
                { aspect_ratio: request.aspectRatio }),
            // Absent: fal's own default negative prompt applies ("blur, distort, and low quality").
            ...(request.negativePrompt ? { negative_prompt: request.negativePrompt } : {}),
          }),
        }),
      ),
    );
    context.onProgress(5);

    const started = Date.now();
    for (;;) {
      const status = StatusAnswer.parse(await this.json(await this.call(submitted.status_url, signal)));
      if (status.status === 'COMPLETED') break;
      if (status.status === 'IN_PROGRESS') {
        // fal reports no percentage: approach 80 % over about a minute.
        context.onProgress(10 + 70 * (1 - Math.exp(-(Date.now() - started) / 60_000)));
      }
      await sleep(this.options.pollIntervalMs, undefined, { signal });
    }

    const result = ResultAnswer.parse(await this.json(await this.call(submitted.response_url, signal)));
    context.onProgress(85);
    const downloaded = path.join(context.workDir, 'provider-output.mp4');
    const download = await this.options.egress.request(result.video.url, { signal });
    if (download.status !== 200) {
      download.body.resume();
      throw this.failure(download.status, 'download');
    }
    if (Number(download.headers['content-length'] ?? 0) > MAX_DOWNLOAD_BYTES) {
      download.body.destroy();
      throw new GenerationError('aiproxy_error', 'The provider video is too large.', false);
    }
    await pipeline(download.body, createWriteStream(downloaded), { signal });
    context.onProgress(90);

    const videoPath = path.join(context.workDir, 'video.mp4');
    await conformVideo(
      this.options.ffmpegPath,
      downloaded,
      videoPath,
      {
        width: request.width,
        height: request.height,
        durationSeconds: request.durationSeconds,
        fps: this.options.fps,
        preset: X264_PRESET_OF_SPEED[request.speed],
      },
      signal,
    );
    return { videoPath };
  }

  private async call(
    url: string,
    signal: AbortSignal,
    init: { method?: 'GET' | 'POST'; body?: string } = {},
  ): Promise<EgressResponse> {
    const response = await this.options.egress.request(url, {
      method: init.method ?? 'GET',
      body: init.body,
      signal,
      headers: {
        authorization: `Key ${this.options.apiKey}`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    // 202 is how the status endpoint answers while the request waits.
    if (response.status !== 200 && response.status !== 201 && response.status !== 202) {
      const detail = await response.text().catch(() => '');
      throw this.failure(response.status, url, detail);
    }
    return response;
  }

  private async json(response: EgressResponse): Promise<unknown> {
    try {
      return JSON.parse(await response.text());
    } catch (error) {
      throw new GenerationError('aiproxy_error', 'The provider answered with something that is not JSON.', false, {
        cause: error,
      });
    }
  }

  /** fal's error mapping: 429 and 5xx are worth retrying; 401/403 (key), 404, 422 (input) are not. */
  private failure(status: number, what: string, detail = ''): GenerationError {
    const transient = status === 429 || status >= 500;
    const summary = detail ? `: ${detail.slice(0, 200)}` : '';
    const meaning =
      status === 401 || status === 403
        ? 'refused the API key'
        : status === 422 || status === 400
          ? 'refused the request'
          : `answered ${status}`;
    return new GenerationError('aiproxy_error', `fal ${meaning} (${what.split('?')[0]})${summary}`, transient);
  }
}
