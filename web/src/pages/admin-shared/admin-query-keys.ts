/**
 * React Query keys of the admin screens. Everything starts with `admin`, so one
 * `invalidateQueries({ queryKey: adminKeys.all })` after an action refreshes every list and detail
 * that might show what the action changed (job counts in the users list, the jobs list, the job).
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, skip: number, take: number) => ['admin', 'users', { q, skip, take }] as const,
  userJobs: (userId: string, skip: number, take: number) => ['admin', 'user-jobs', userId, { skip, take }] as const,
  userOrders: (userId: string, skip: number, take: number) => ['admin', 'user-orders', userId, { skip, take }] as const,
  job: (jobId: string) => ['admin', 'job', jobId] as const,
  logs: (filters: object) => ['admin', 'logs', filters] as const,
  deadLetterTopics: ['admin', 'dead-letters'] as const,
  deadLetters: (topic: string, status: string, skip: number) =>
    ['admin', 'dead-letters', topic, { status, skip }] as const,
};
