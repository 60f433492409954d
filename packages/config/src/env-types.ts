import { z } from 'zod';

/** "true"/"false"/"1"/"0" (any case) as a boolean; anything else is refused. */
export const envBoolean = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'TRUE', 'FALSE', 'True', 'False'], {
      error: 'must be true or false',
    })
    .optional()
    .transform((value) => (value === undefined ? defaultValue : value === '1' || value.toLowerCase() === 'true'));

/** A TCP port number (0 lets the OS choose, used by tests). */
export const envPort = (defaultValue: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number between 0 and 65535' })
    .max(65535, { error: 'must be a port number between 0 and 65535' })
    .default(defaultValue);

/** A whole number above zero (counts, sizes, durations). */
export const envPositiveInt = (defaultValue: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be positive' })
    .default(defaultValue);

/** A comma-separated list; blanks are dropped. */
export const envList = () =>
  z.string().transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Where every service serves `/metrics`: a port of its own, apart from the public one (issue 13). */
export const DEFAULT_METRICS_PORT = 9464;

/** METRICS_PORT: the Prometheus scrape port, 9464 unless set (0 lets the OS choose). */
export const envMetricsPort = () => envPort(DEFAULT_METRICS_PORT);
