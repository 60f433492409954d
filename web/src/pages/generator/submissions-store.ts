import { create } from 'zustand';

/** A job this tab created from the generator: what it was, for its progress card. */
export interface Submission {
  id: string;
  prompt: string;
  /** Model name, duration, quality as shown when it was submitted. */
  summary: string;
}

/** The generator keeps this many of its latest submissions on screen. */
const KEPT = 5;

interface SubmissionsState {
  submissions: Submission[];
}

/**
 * The generator's latest submissions, newest first, kept while the tab lives so the progress
 * cards are still there after visiting another page. Their live state comes from the live store;
 * a submission the live store no longer knows (signed out) is not shown.
 */
export const useSubmissions = create<SubmissionsState>()(() => ({ submissions: [] }));

export function addSubmission(submission: Submission): void {
  const others = useSubmissions.getState().submissions.filter((known) => known.id !== submission.id);
  useSubmissions.setState({ submissions: [submission, ...others].slice(0, KEPT) });
}

export function clearSubmissions(): void {
  useSubmissions.setState({ submissions: [] });
}
