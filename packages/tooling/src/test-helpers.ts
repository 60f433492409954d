export { freePort, freePortPair } from './free-port';
export { eventually, readUntil, until, type PollOptions } from './eventually';
export { metricValue, type ReadableRegistry } from './metric-value';
