import type * as Mongoose from 'mongoose';
import type { ConnectOptions, Connection } from 'mongoose';
import type { Registry } from 'prom-client';
import { measureCommands } from './command-metrics';
import { silentLogger } from './logger';
import type { DocumentsLogger } from './logger';
import { DbTransientError, toDbTransientError } from './transient-errors';

export interface ConnectDocumentsOptions<M> {
  /** `MONGODB_URI`; credentials in it are never logged. */
  uri: string;
  /** The service's own database (one database per service). */
  dbName: string;
  /** Build the indexes of every registered model at start-up (and wait for them). */
  autoIndex: boolean;
  logger?: DocumentsLogger;
  /**
   * Registers the service's models on the new connection (`connection.model(name, schema)`);
   * what it returns is handed back as `models`. Registering here, before start-up finishes,
   * is what lets `autoIndex` build their indexes.
   */
  defineModels?: (connection: Connection) => M;
  /** Driver options to override the defaults below (pool size, TLS, …). */
  driverOptions?: Omit<ConnectOptions, 'dbName' | 'autoIndex' | 'autoCreate' | 'bufferCommands'>;
  /** Given: every command of the connection is timed there (`mongodb_command_duration_seconds`). */
  registry?: Registry;
}

export interface DocumentsConnection<M> {
  /** A dedicated mongoose connection (never the global default one). */
  connection: Connection;
  models: M;
  /** Resolves when the database answers; rejects with a `DbTransientError` otherwise (readiness). */
  ping(): Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
}

/**
 * Defaults chosen so a missing database fails a request within seconds (→ 503) instead of
 * hanging until the gateway's 30 s upstream timeout.
 */
const DEFAULT_DRIVER_OPTIONS: ConnectOptions = {
  serverSelectionTimeoutMS: 5_000,
  connectTimeoutMS: 5_000,
  socketTimeoutMS: 30_000,
  maxPoolSize: 20,
};

/**
 * mongoose (with its driver, about 400 modules) is loaded on the first connection, not with this
 * package: the embedded mode's memory stores never connect, and loading it was a fifth of `npm start`
 * (issue 19). `require`, not `import()`: OpenTelemetry's mongoose and mongodb instrumentation patch
 * what `require` loads.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadMongoose = (): typeof Mongoose => require('mongoose') as typeof Mongoose;

const READY_STATE_NAMES: Record<number, string> = {
  0: 'disconnected',
  1: 'connected',
  2: 'connecting',
  3: 'disconnecting',
};

/** `mongodb://user:secret@host/…` → `mongodb://***@host/…`, for logs and error messages. */
export function redactMongoUri(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}

/**
 * Creates the indexes declared on every model registered on `connection`, and waits for them.
 * Additive only (`createIndexes`, not `syncIndexes`): an index the current schema no longer
 * declares is left in place, so a rolling deploy never drops an index the previous version
 * still relies on. Dropping one is a deliberate migration.
 */
export async function buildIndexes(connection: Connection, logger: DocumentsLogger = silentLogger): Promise<void> {
  for (const model of Object.values(connection.models)) {
    const started = Date.now();
    try {
      await model.createIndexes();
    } catch (err) {
      logger.error({ err, model: model.modelName }, 'building indexes failed');
      throw toDbTransientError(err, `createIndexes ${model.modelName}`);
    }
    logger.info({ model: model.modelName, ms: Date.now() - started }, 'indexes ready');
  }
}

/** Logs the connection's life after start-up (a failed start-up is reported once, by connectDocuments). */
function watchConnection(connection: Connection, dbName: string, logger: DocumentsLogger): { started(): void } {
  let started = false;
  // Mongoose emits 'error' on the connection; without a listener Node would crash the process.
  connection.on('error', (err: unknown) => {
    if (started) logger.error({ err, dbName }, 'database connection error');
  });
  connection.on('disconnected', () => {
    if (started) logger.warn({ dbName }, 'database disconnected');
  });
  connection.on('reconnected', () => logger.info({ dbName }, 'database reconnected'));
  return {
    started: () => {
      started = true;
    },
  };
}

/**
 * Opens a dedicated connection to the service's database, registers its models and, with
 * `autoIndex`, builds their indexes before resolving.
 *
 * Mongoose's own background index building, collection auto-creation and command buffering
 * are switched off: indexes are built here explicitly (so start-up fails loudly if one cannot
 * be built), and an operation while the database is away fails after server selection
 * (`MongoServerSelectionError` → 503) instead of waiting silently in a mongoose queue.
 *
 * Rejects with a `DbTransientError` when the server cannot be reached; other failures (a bad
 * URI, authentication) are rethrown as they are.
 */
export async function connectDocuments<M = Record<string, never>>(
  options: ConnectDocumentsOptions<M>,
): Promise<DocumentsConnection<M>> {
  const logger = options.logger ?? silentLogger;
  const { dbName } = options;
  const connection = loadMongoose().createConnection(options.uri, {
    ...DEFAULT_DRIVER_OPTIONS,
    ...options.driverOptions,
    dbName,
    autoIndex: false,
    autoCreate: false,
    bufferCommands: false,
    // The driver's command events, which the metrics are made of, are off unless asked for.
    ...(options.registry ? { monitorCommands: true } : {}),
  });
  const watcher = watchConnection(connection, dbName, logger);

  try {
    await connection.asPromise();
  } catch (err) {
    await connection.close(true).catch(() => undefined);
    logger.error({ err, dbName, uri: redactMongoUri(options.uri) }, 'cannot connect to the database');
    throw toDbTransientError(err, `connect ${dbName}`);
  }
  watcher.started();
  if (options.registry) measureCommands(connection.getClient(), options.registry);
  logger.info({ dbName, host: connection.host, port: connection.port }, 'database connected');

  let models: M;
  try {
    models = options.defineModels ? options.defineModels(connection) : ({} as M);
    if (options.autoIndex) await buildIndexes(connection, logger);
  } catch (err) {
    await connection.close(true).catch(() => undefined);
    throw err;
  }

  return {
    connection,
    models,
    async ping() {
      const state = connection.readyState as number;
      const db = connection.db;
      // Fail fast while mongoose already knows the server is gone, rather than waiting for server selection.
      if (state !== 1 || !db) {
        throw new DbTransientError(`database ${dbName} is ${READY_STATE_NAMES[state] ?? `in state ${state}`}`);
      }
      try {
        await db.command({ ping: 1 });
      } catch (err) {
        throw toDbTransientError(err, `ping ${dbName}`);
      }
    },
    async close() {
      await connection.close();
    },
  };
}
