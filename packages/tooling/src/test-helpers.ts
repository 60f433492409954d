export { freePort, freePortPair } from './free-port';
export { eventually, readUntil, until, type PollOptions } from './eventually';
export { histogramCount, histogramCounts, histogramSums, metricValue, type ReadableRegistry } from './metric-readings';
export { seededRandom } from './seeded-random';
