export { freePort, freePortPair } from './free-port';
export { eventually, readUntil, until, type PollOptions } from './eventually';
export { histogramCount, metricValue, type ReadableRegistry } from './metric-value';
