export { freePort, freePortPair } from './free-port';
export { eventually, readUntil, until, type PollOptions } from './eventually';
export { histogramCounts, histogramSums } from './histograms';
export { histogramCount, metricValue, type ReadableRegistry } from './metric-value';
