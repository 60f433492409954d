import { Schema, type Connection, type Model } from 'mongoose';
import { Registry } from 'prom-client';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { histogramCounts } from '@kadr/tooling/test-helpers';
import { testDatabaseName } from '@kadr/documents/testing';
import { MONGODB_COMMAND_DURATION, openStores, type StoreFactory } from '../src';

interface Widget {
  _id: string;
  sku: string;
}

interface WidgetStore {
  widgets: Model<Widget>;
  close(): Promise<void>;
}

const READY_STATES = ['disconnected', 'connected', 'connecting', 'disconnecting'];

/** A store on the service's connection; its model declares a unique index, its close says what the connection was doing. */
function widgetStore(name: string, steps: string[], connections: Connection[]): StoreFactory<WidgetStore> {
  return {
    mongo: (connection) => {
      connections.push(connection);
      const widgets = connection.model<Widget>(
        name,
        new Schema<Widget>({ _id: String, sku: { type: String, unique: true } }),
      );
      return {
        widgets,
        close: () => {
          steps.push(`close ${name} (${READY_STATES[connection.readyState as number]})`);
          return Promise.resolve();
        },
      };
    },
    memory: () => Promise.reject(new Error('MONGODB_URI is set: no memory store')),
  };
}

describeWithRealServer('mongodb', 'openStores [mongodb]', (target) => {
  it('opens one connection to the service’s database with the indexes built, then closes the stores and the connection', async () => {
    const steps: string[] = [];
    const connections: Connection[] = [];
    const dbName = testDatabaseName('open-stores');
    const opened = await openStores({
      service: 'ignored-when-mongodb-db-is-set',
      config: { MONGODB_URI: target.uri, MONGODB_DB: dbName, DATA_DIR: '/nonexistent' },
      stores: { first: widgetStore('First', steps, connections), second: widgetStore('Second', steps, connections) },
    });
    const [connection] = connections;
    expect(connections).toEqual([connection, connection]);
    expect(connection?.name).toBe(dbName);
    expect(await opened.stores.second.widgets.listIndexes()).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: { sku: 1 }, unique: true })]),
    );
    expect(opened.readinessChecks.map((readiness) => readiness.name)).toEqual(['mongodb']);
    await expect(opened.readinessChecks[0]?.check()).resolves.toBeUndefined();

    await connection?.dropDatabase();
    await opened.close();
    expect(steps).toEqual(['close Second (connected)', 'close First (connected)']);
    expect(connection?.readyState).toBe(0);
  });

  it('names the database after the service by default', async () => {
    const connections: Connection[] = [];
    const service = testDatabaseName('service');
    const opened = await openStores({
      service,
      config: { MONGODB_URI: target.uri },
      stores: { only: widgetStore('Only', [], connections) },
    });
    expect(connections[0]?.name).toBe(service);
    await connections[0]?.dropDatabase();
    await opened.close();
  });

  it('times every command of its connection in the registry it is given, by command name and outcome', async () => {
    const registry = new Registry();
    const connections: Connection[] = [];
    const opened = await openStores({
      service: 'open-stores',
      config: { MONGODB_URI: target.uri, MONGODB_DB: testDatabaseName('open-stores-metrics') },
      registry,
      stores: { only: widgetStore('Metered', [], connections) },
    });
    const { widgets } = opened.stores.only;
    await widgets.create({ _id: 'w1', sku: 'A' });
    // Refused by the unique index: the server answers the insert with a write error, which the
    // driver reports as a succeeded command (the caller's answer, not a failure of the database).
    await expect(widgets.create({ _id: 'w2', sku: 'A' })).rejects.toMatchObject({ code: 11000 });
    expect(await widgets.findById('w1')).toMatchObject({ sku: 'A' });
    await widgets.updateOne({ _id: 'w1' }, { sku: 'B' });
    // A stage the server does not know: the command fails.
    await expect(widgets.collection.aggregate([{ $noSuchStage: {} }]).toArray()).rejects.toThrow();
    await opened.readinessChecks[0]?.check();

    const counts = await histogramCounts(registry, MONGODB_COMMAND_DURATION, ['command', 'outcome']);
    expect(counts).toMatchObject({
      'insert ok': 2,
      'find ok': 1,
      'update ok': 1,
      'aggregate error': 1,
      'ping ok': 1,
    });
    // Start-up built the unique index with the connection's own commands.
    expect(counts['createIndexes ok']).toBeGreaterThanOrEqual(1);
    await connections[0]?.dropDatabase();
    await opened.close();
  });

  it('closes the stores built so far and the connection when a store cannot be built on it', async () => {
    const steps: string[] = [];
    const connections: Connection[] = [];
    await expect(
      openStores({
        service: 'open-stores',
        config: { MONGODB_URI: target.uri, MONGODB_DB: testDatabaseName('open-stores-failing') },
        stores: {
          first: widgetStore('First', steps, connections),
          broken: {
            mongo: () => {
              throw new Error('the schema does not compile');
            },
            memory: () => Promise.reject(new Error('unused')),
          },
        },
      }),
    ).rejects.toThrow('the schema does not compile');
    expect(steps).toEqual(['close First (connected)']);
    expect(connections[0]?.readyState).toBe(0);
  });
});
