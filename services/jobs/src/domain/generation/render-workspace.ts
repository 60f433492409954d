/**
 * The port to the worker's scratch files (the domain touches no file itself): a private, empty
 * folder for one attempt, where the provider renders and the thumbnail is cut, and the upload of
 * what is in it. The adapter: `integrations/workspace/temp-render-workspace.ts`.
 */
export interface RenderWorkspace {
  /** The folder (the provider's `workDir`). */
  readonly dir: string;
  /** The path of a file named `name` in the folder. */
  pathOf(name: string): string;
  /** Stores a file of the folder in the blob store under `key`; each call reads the file afresh (a retry sends it whole). */
  upload(key: string, filePath: string, contentType: string): Promise<void>;
  /**
   * Copies the blob under `key` into the folder as `name` and answers its path (an upscale's source video, a start image); a blob
   * that is not there is a `GenerationError` (the job fails and its hold is released).
   */
  download(key: string, name: string, signal?: AbortSignal): Promise<string>;
  /** A URL a hosted provider can fetch the blob `key` from for `seconds` (S3 presigned; embedded: the gateway's). */
  linkFor(key: string, seconds: number): Promise<string>;
  /** Deletes what an upload stored under `key` (nothing there is fine). */
  discardUpload(key: string): Promise<void>;
  /** Removes the folder and everything in it; never fails. */
  remove(): Promise<void>;
}

export interface RenderWorkspaces {
  /** A new folder for one attempt of the job. */
  open(jobId: string): Promise<RenderWorkspace>;
}
