import { spawn } from 'node:child_process';

export interface FfmpegRunOptions {
  /** The ffmpeg (or ffprobe) executable. */
  executable: string;
  args: string[];
  signal?: AbortSignal;
  /** Each complete line of stdout (`-progress pipe:1` writes `key=value` lines there). */
  onStdoutLine?(line: string): void;
  /** Each complete line of stderr, all of them (the result keeps only the last few kB). */
  onStderrLine?(line: string): void;
}

export interface FfmpegResult {
  stdout: string;
  /** The last few kB of stderr (ffmpeg logs there). */
  stderr: string;
}

/** How ffmpeg is run: `runFfmpeg`, or a wrapper around it (tests count the processes a step starts). */
export type FfmpegRunner = (options: FfmpegRunOptions) => Promise<FfmpegResult>;

const STDERR_KEPT = 8_000;

/** Runs ffmpeg/ffprobe; rejects with the tail of stderr on a non-zero exit, or with an AbortError when aborted. */
export function runFfmpeg(options: FfmpegRunOptions): Promise<FfmpegResult> {
  const { executable, args, signal } = options;
  const onStdoutLine = options.onStdoutLine?.bind(options);
  const onStderrLine = options.onStderrLine?.bind(options);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const child = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const stdoutLines = onStdoutLine && lineSplitter(onStdoutLine);
    const stderrLines = onStderrLine && lineSplitter(onStderrLine);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdoutLines) stdoutLines.push(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
      stderrLines?.push(chunk);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      stdoutLines?.end();
      stderrLines?.end();
      if (signal?.aborted) return reject(abortError(signal));
      if (code === 0) return resolve({ stdout, stderr });
      const tail = stderr.trim().split('\n').slice(-5).join(' | ');
      reject(new Error(`${executable} exited with ${code ?? killedBy}: ${tail}`));
    });
  });
}

/** Cuts a stream of text chunks into lines (a line may arrive in pieces); `end` hands over the last one. */
function lineSplitter(onLine: (line: string) => void): { push(chunk: string): void; end(): void } {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line.trim());
    },
    end() {
      if (pending) onLine(pending.trim());
      pending = '';
    },
  };
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');
}
