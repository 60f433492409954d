import { logLevel } from 'kafkajs';
import type { EventBusLog } from '../src';
import { kafkaLogCreator } from '../src/kafka/kafka-log';

describe('kafkaLogCreator', () => {
  function capture(): { log: EventBusLog; lines: string[] } {
    const lines: string[] = [];
    const at =
      (level: string) =>
      (_fields: Record<string, unknown>, message: string): void =>
        void lines.push(`${level} ${message}`);
    return { log: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
  }

  it('maps kafkajs levels and demotes the routine rebalance response to info', () => {
    const { log, lines } = capture();
    const write = kafkaLogCreator(log)(logLevel.ERROR);
    const entry = (level: logLevel, namespace: string, message: string, error?: string): void =>
      write({ namespace, level, label: '', log: { timestamp: '', message, error } });

    entry(logLevel.ERROR, 'Connection', 'Response Heartbeat', 'The group is rebalancing, so a rejoin is needed');
    entry(logLevel.ERROR, 'Connection', 'Response Produce', 'Broker not available');
    entry(logLevel.WARN, 'Producer', 'careful');
    entry(logLevel.INFO, 'Consumer', 'starting');

    expect(lines).toEqual([
      'info kafkajs Connection: Response Heartbeat',
      'error kafkajs Connection: Response Produce',
      'warn kafkajs Producer: careful',
      'info kafkajs Consumer: starting',
    ]);
  });
});
