/**
 * Chooses the real server a contract or integration suite runs against.
 *
 * Order: the variable that names a running server (KAFKA_BROKERS, MONGODB_URI, REDIS_URL,
 * S3_ENDPOINT + credentials; KADR_MAILPIT_BIN names the SMTP server a suite starts itself; tools/test/run-real-server-suites.sh sets them for the native servers,
 * jest's global setup for the containers it starts with testcontainers) → skipped, with the reason
 * in the suite title so the summary reporter prints one line per skipped suite. With
 * KADR_REQUIRE_REAL_SERVERS=1 (set by `make test` in CI) a missing server fails the suite instead.
 */

export interface KafkaTarget {
  brokers: string[];
}
export interface MongoTarget {
  uri: string;
}
export interface RedisTarget {
  url: string;
}
export interface S3Target {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Mailpit (a real SMTP server with an HTTP API to read what it received): the suite starts it itself. */
export interface SmtpTarget {
  /** The mailpit binary (`tools/infra/up.sh --fetch-mailpit` builds it and prints the path). */
  mailpitBin: string;
}

interface Targets {
  kafka: KafkaTarget;
  mongodb: MongoTarget;
  redis: RedisTarget;
  s3: S3Target;
  smtp: SmtpTarget;
}
export type RealServerKind = keyof Targets;

type Lookup<K extends RealServerKind> = { target: Targets[K] } | { missing: string };

function readTarget<K extends RealServerKind>(kind: K, env: NodeJS.ProcessEnv): Lookup<K> {
  switch (kind) {
    case 'kafka': {
      const brokers = (env.KAFKA_BROKERS ?? '')
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean);
      return (brokers.length ? { target: { brokers } } : { missing: 'KAFKA_BROKERS' }) as Lookup<K>;
    }
    case 'mongodb':
      return (env.MONGODB_URI ? { target: { uri: env.MONGODB_URI } } : { missing: 'MONGODB_URI' }) as Lookup<K>;
    case 'redis':
      return (env.REDIS_URL ? { target: { url: env.REDIS_URL } } : { missing: 'REDIS_URL' }) as Lookup<K>;
    case 's3': {
      const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
      if (!S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
        return { missing: 'S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' };
      }
      return {
        target: {
          endpoint: S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          bucket: env.S3_BUCKET ?? 'kadr-test',
          accessKeyId: S3_ACCESS_KEY_ID,
          secretAccessKey: S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
        },
      } as Lookup<K>;
    }
    case 'smtp':
      return (
        env.KADR_MAILPIT_BIN ? { target: { mailpitBin: env.KADR_MAILPIT_BIN } } : { missing: 'KADR_MAILPIT_BIN' }
      ) as Lookup<K>;
    default:
      throw new Error(`unknown real server kind ${String(kind)}`);
  }
}

/** The real server of this kind, or undefined with the reason it is not available. */
export function findRealServer<K extends RealServerKind>(
  kind: K,
  env: NodeJS.ProcessEnv = process.env,
): { target: Targets[K] } | { reason: string } {
  const found = readTarget(kind, env);
  if ('target' in found) return found;
  return { reason: `${found.missing} not set (tools/test/run-real-server-suites.sh starts the real servers)` };
}

/**
 * The title with its server kind in a `[...]` tag, as contract suites carry their adapter
 * (`kv-store contract [redis]`); the summary reporter groups each file's tests by these tags.
 * A title whose tag already names the kind (`jobs pipeline [kafka + mongodb]`) stays as it is.
 */
export function titleWithServerKind(kind: RealServerKind, title: string): string {
  const tags = title.match(/\[[^\]]*\]/g) ?? [];
  return tags.some((tag) => new RegExp(`\\b${kind}\\b`).test(tag)) ? title : `${title} [${kind}]`;
}

/**
 * `describe` against a real server: runs `body` when the server is there, otherwise registers
 * a skipped suite whose title carries the reason (or a failing one when real servers are required).
 */
export function describeWithRealServer<K extends RealServerKind>(
  kind: K,
  suiteTitle: string,
  body: (target: Targets[K]) => void,
): void {
  const title = titleWithServerKind(kind, suiteTitle);
  const found = findRealServer(kind);
  if ('target' in found) {
    describe(title, () => body(found.target));
    return;
  }
  if (process.env.KADR_REQUIRE_REAL_SERVERS === '1') {
    describe(title, () => {
      it('has the real server it needs', () => {
        throw new Error(`${title} must run against a real server here, but ${found.reason}`);
      });
    });
    return;
  }
  describe.skip(`${title} (skipped: ${found.reason})`, () => {
    it('runs against a real server', () => undefined);
  });
}
