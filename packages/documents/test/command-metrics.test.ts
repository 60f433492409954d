import { mongo } from 'mongoose';
import { Registry } from 'prom-client';
import { histogramCounts, histogramSums } from '@kadr/tooling/test-helpers';
import { measureCommands, MONGODB_COMMAND_DURATION } from '../src';

/**
 * The mapping from the driver's command events to the histogram, on a client that never connects
 * (the events as the driver emits them with `monitorCommands: true`). That a real connection emits
 * them is checked against a real server in open-stores.contract.test.ts.
 */
describe('measureCommands', () => {
  // The two fields the metric reads, in events shaped as the driver's.
  const succeeded = (commandName: string, duration: number) =>
    ({ commandName, duration }) as mongo.CommandSucceededEvent;
  const failed = (commandName: string, duration: number) => ({ commandName, duration }) as mongo.CommandFailedEvent;

  it('observes each finished command in seconds, by command name, succeeded as ok and failed as error', async () => {
    const registry = new Registry();
    const client = new mongo.MongoClient('mongodb://127.0.0.1:1', { monitorCommands: true });
    measureCommands(client, registry);

    client.emit('commandSucceeded', succeeded('find', 12));
    client.emit('commandSucceeded', succeeded('find', 0));
    client.emit('commandSucceeded', succeeded('insert', 3));
    client.emit('commandFailed', failed('aggregate', 40));

    expect(await histogramCounts(registry, MONGODB_COMMAND_DURATION, ['command', 'outcome'])).toEqual({
      'find ok': 2,
      'insert ok': 1,
      'aggregate error': 1,
    });
    const seconds = await histogramSums(registry, MONGODB_COMMAND_DURATION, ['command']);
    expect(seconds.find).toBeCloseTo(0.012);
    expect(seconds.aggregate).toBeCloseTo(0.04);
  });

  it('shares one histogram between the clients measured in one registry', async () => {
    const registry = new Registry();
    const first = new mongo.MongoClient('mongodb://127.0.0.1:1', { monitorCommands: true });
    const second = new mongo.MongoClient('mongodb://127.0.0.1:1', { monitorCommands: true });
    measureCommands(first, registry);
    measureCommands(second, registry);
    first.emit('commandSucceeded', succeeded('ping', 1));
    second.emit('commandSucceeded', succeeded('ping', 1));
    expect(await histogramCounts(registry, MONGODB_COMMAND_DURATION, ['command', 'outcome'])).toEqual({ 'ping ok': 2 });
  });
});
