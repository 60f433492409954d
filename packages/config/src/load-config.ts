import type { z } from 'zod';

/** Thrown by parseConfig; its `problems` hold one line per bad or missing variable. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function describeIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const variable = issue.path.map(String).join('.') || '(environment)';
  if (issue.path.length === 1 && env[variable] === undefined) {
    return `${variable}: required but not set`;
  }
  return `${variable}: ${issue.message}`;
}

/**
 * Validates the environment against a service's schema. Never prints values: a bad secret must
 * not end up in a log line.
 */
export function parseConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = [...new Set(result.error.issues.map((issue) => describeIssue(issue, env)))];
  throw new ConfigError(service, problems);
}

/**
 * Start-up helper: validates the environment, and on failure writes one line per bad or missing
 * variable to stderr and exits with status 78 (EX_CONFIG) before anything else starts.
 */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  try {
    return parseConfig(service, schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}
