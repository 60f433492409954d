/** The generator filled in with a job's settings ("Use these settings"): `/generate?remix=<jobId>`. */
export const REMIX_PARAM = 'remix';

export const remixPath = (jobId: string): string => `/generate?${REMIX_PARAM}=${encodeURIComponent(jobId)}`;
