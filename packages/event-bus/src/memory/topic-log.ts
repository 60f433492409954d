import { partitionOfKey } from './partition-of-key';

/** A message as the memory bus stores it: its own copy of the bytes and headers. */
export interface StoredMessage {
  key: string;
  value: Uint8Array;
  headers: Record<string, string>;
}

/** One topic: N append-only partitions; a message's offset is its index in its partition. */
export class TopicLog {
  readonly partitions: StoredMessage[][];

  constructor(
    readonly name: string,
    partitionCount: number,
  ) {
    this.partitions = Array.from({ length: partitionCount }, () => []);
  }

  append(message: StoredMessage): { partition: number; offset: number } {
    const partition = partitionOfKey(message.key, this.partitions.length);
    const log = this.partitions[partition]!;
    log.push(message);
    return { partition, offset: log.length - 1 };
  }

  at(partition: number, offset: number): StoredMessage | undefined {
    return this.partitions[partition]?.[offset];
  }

  /** The offset the next message of each partition will get (Kafka's log-end offsets). */
  endOffsets(): number[] {
    return this.partitions.map((log) => log.length);
  }
}
