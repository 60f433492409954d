/** What `job.created` said about a job that has not finished yet: whose it is and its prompt. */
export interface JobPrompt {
  /** The job id. */
  id: string;
  userId: string;
  /** The prompt's excerpt (see `promptExcerpt`). */
  prompt: string;
}

/** Prompts of unfinished jobs; removed when the job finishes (its notification keeps the excerpt). */
export interface JobPromptRepository {
  save(job: JobPrompt): Promise<void>;
  find(jobId: string): Promise<JobPrompt | null>;
  delete(jobId: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<number>;
  close(): Promise<void>;
}
