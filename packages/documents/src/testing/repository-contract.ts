/**
 * Runs one repository contract suite against the memory implementation and, when a
 * MongoDB-compatible server is configured (MONGODB_URI), against the mongoose implementation.
 * Test-only: it uses jest's globals, which is why it lives behind `@kadr/documents/testing`.
 */
import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { buildIndexes, connectDocuments } from '../connection';
import type { DocumentsConnection } from '../connection';

export interface RepositoryFixture<R> {
  repo: R;
  /** Releases what the factory opened (close a persisted collection, stop timers…). */
  cleanup(): Promise<void>;
}

export interface RepositoryImplementations<R> {
  /** A fresh, empty memory repository for every test. */
  memory: () => Promise<RepositoryFixture<R>>;
  /**
   * A mongoose repository on `connection` — a fresh, empty database for every test. Register the
   * models on this connection (`connection.model(...)`); their indexes are built after the
   * factory returns, before the test starts.
   */
  mongoose: (connection: Connection) => Promise<RepositoryFixture<R>>;
}

/** Connecting to, indexing and dropping databases on a shared server on two cores can take a while. */
const REAL_SERVER_HOOK_TIMEOUT_MS = 30_000;

/**
 * `test_<name>_<8 hex>`: unique per run, and within the limits of MongoDB and FerretDB
 * database names (at most 63 characters of letters, digits and `_`).
 */
export function testDatabaseName(name: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 24) || 'repository';
  return `test_${slug}_${randomBytes(4).toString('hex')}`;
}

/** Creates a fixture before each test and cleans it up after; the getter fails loudly outside a test. */
function fixturePerTest<R>(create: () => Promise<RepositoryFixture<R>>, hookTimeoutMs?: number): () => R {
  let current: RepositoryFixture<R> | undefined;
  beforeEach(async () => {
    current = await create();
  }, hookTimeoutMs);
  afterEach(async () => {
    const fixture = current;
    current = undefined;
    await fixture?.cleanup();
  }, hookTimeoutMs);
  return () => {
    if (!current) throw new Error('getRepo() is only available inside a test (or a beforeEach) of the contract suite');
    return current.repo;
  };
}

/**
 * Registers `<name> contract [memory]` (always) and `<name> contract [mongodb]` (when
 * MONGODB_URI is set, otherwise a skipped suite that says why), both running `suite`.
 * `getRepo()` returns the current test's repository.
 *
 * Against the real server the suite connects once to `test_<name>_<random>`; each test then
 * gets its own database `<that>_<n>` on the same connection pool (so models can be registered
 * again and no test sees another's documents), dropped after the test.
 */
export function describeRepositoryContract<R>(
  name: string,
  implementations: RepositoryImplementations<R>,
  suite: (getRepo: () => R) => void,
): void {
  describe(`${name} contract [memory]`, () => {
    suite(fixturePerTest(() => implementations.memory()));
  });

  describeWithRealServer('mongodb', `${name} contract [mongodb]`, (target) => {
    const runDatabase = testDatabaseName(name);
    let documents: DocumentsConnection<Record<string, never>> | undefined;
    let testNumber = 0;

    beforeAll(async () => {
      documents = await connectDocuments({ uri: target.uri, dbName: runDatabase, autoIndex: false });
    }, REAL_SERVER_HOOK_TIMEOUT_MS);

    afterAll(async () => {
      if (!documents) return;
      try {
        await documents.connection.dropDatabase();
      } finally {
        await documents.close();
      }
    }, REAL_SERVER_HOOK_TIMEOUT_MS);

    const getRepo = fixturePerTest(async () => {
      if (!documents) throw new Error(`not connected to ${runDatabase}`);
      testNumber += 1;
      const connection = documents.connection.useDb(`${runDatabase}_${testNumber}`, { useCache: false });
      let fixture: RepositoryFixture<R>;
      try {
        fixture = await implementations.mongoose(connection);
        await buildIndexes(connection);
      } catch (err) {
        await connection.dropDatabase().catch(() => undefined);
        throw err;
      }
      return {
        repo: fixture.repo,
        async cleanup() {
          try {
            await fixture.cleanup();
          } finally {
            await connection.dropDatabase();
          }
        },
      };
    }, REAL_SERVER_HOOK_TIMEOUT_MS);

    suite(getRepo);
  });
}
