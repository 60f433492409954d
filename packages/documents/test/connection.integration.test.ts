import { Schema } from 'mongoose';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { testDatabaseName } from '@kadr/documents/testing';
import { DbTransientError, connectDocuments, isTransientDbError, redactMongoUri } from '../src';

describe('connectDocuments without a reachable server', () => {
  it('rejects quickly with a transient error carrying the 503 db_transient hint', async () => {
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const started = Date.now();
    const err: unknown = await connectDocuments({
      uri: 'mongodb://someone:secret@127.0.0.1:1/',
      dbName: 'unreachable',
      autoIndex: true,
      logger,
      driverOptions: { serverSelectionTimeoutMS: 300, connectTimeoutMS: 300 },
    }).catch((e: unknown) => e);

    expect(Date.now() - started).toBeLessThan(3_000);
    expect(err).toBeInstanceOf(DbTransientError);
    expect(isTransientDbError(err)).toBe(true);
    expect(err).toMatchObject({ problem: { status: 503, reason: 'db_transient' } });
    expect((err as Error).cause).toMatchObject({ name: 'MongooseServerSelectionError' });
    expect(isTransientDbError((err as Error).cause)).toBe(true);
    expect(logger.error).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(logger.error.mock.calls[0]?.[0]);
    expect(logged).toContain('***@127.0.0.1:1');
    expect(logged).not.toContain('secret');
  });
});

describe('redactMongoUri', () => {
  it('hides credentials and keeps the rest', () => {
    expect(redactMongoUri('mongodb://u:p@a:1,b:2/db?replicaSet=rs')).toBe('mongodb://***@a:1,b:2/db?replicaSet=rs');
    expect(redactMongoUri('mongodb+srv://u:p%40x@cluster.example/db')).toBe('mongodb+srv://***@cluster.example/db');
    expect(redactMongoUri('mongodb://127.0.0.1:27017/')).toBe('mongodb://127.0.0.1:27017/');
  });
});

describeWithRealServer('mongodb', 'connectDocuments [mongodb]', (target) => {
  const widgetSchema = new Schema({ _id: String, sku: { type: String, unique: true }, name: String });

  it('connects to its own database, builds the declared indexes, answers ping, and closes', async () => {
    const dbName = testDatabaseName('connection');
    const documents = await connectDocuments({
      uri: target.uri,
      dbName,
      autoIndex: true,
      defineModels: (connection) => ({ widgets: connection.model('Widget', widgetSchema) }),
    });
    try {
      expect(documents.connection.name).toBe(dbName);
      await expect(documents.ping()).resolves.toBeUndefined();
      const indexes = await documents.models.widgets.listIndexes();
      expect(indexes).toEqual(expect.arrayContaining([expect.objectContaining({ key: { sku: 1 }, unique: true })]));
      await documents.models.widgets.create({ _id: 'w1', sku: 'A', name: 'first' });
      await expect(documents.models.widgets.create({ _id: 'w2', sku: 'A', name: 'second' })).rejects.toMatchObject({
        code: 11000,
      });
    } finally {
      await documents.connection.dropDatabase();
      await documents.close();
    }
    await documents.close();
    const err: unknown = await documents.ping().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DbTransientError);
  }, 30_000);

  // Every repository's invariants rest on this. FerretDB 1.24 (SQLite) fails it: it reads,
  // modifies and writes a document back without isolation, so concurrent updates are lost.
  it('applies concurrent updates of one document atomically (what every repository relies on)', async () => {
    const dbName = testDatabaseName('connection_atomic');
    const documents = await connectDocuments({ uri: target.uri, dbName, autoIndex: false });
    try {
      const counters = documents.connection.collection<{ _id: string; n: number }>('counters');
      await counters.insertOne({ _id: 'c', n: 0 });
      await Promise.all(Array.from({ length: 50 }, () => counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })));
      expect((await counters.findOne({ _id: 'c' }))?.n).toBe(50);
    } finally {
      await documents.connection.dropDatabase();
      await documents.close();
    }
  }, 30_000);

  it('leaves indexes alone without autoIndex', async () => {
    const dbName = testDatabaseName('connection_noindex');
    const documents = await connectDocuments({
      uri: target.uri,
      dbName,
      autoIndex: false,
      defineModels: (connection) => ({ widgets: connection.model('Widget', widgetSchema) }),
    });
    try {
      await documents.models.widgets.create({ _id: 'w1', sku: 'A' });
      await documents.models.widgets.create({ _id: 'w2', sku: 'A' });
      const indexes = await documents.models.widgets.listIndexes();
      expect(indexes.map((index: { name?: string }) => index.name)).toEqual(['_id_']);
    } finally {
      await documents.connection.dropDatabase();
      await documents.close();
    }
  }, 30_000);
});
