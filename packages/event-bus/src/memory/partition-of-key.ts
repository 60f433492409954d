/**
 * The partition a key's messages go to: a stable hash (32-bit FNV-1a over the UTF-8 bytes) modulo
 * the partition count. Stable across processes and runs, which is all per-key order needs; it is
 * not Kafka's murmur2, so the same key may land on a different partition number than in Kafka.
 */
export function partitionOfKey(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}
