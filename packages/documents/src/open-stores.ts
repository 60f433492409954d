import path from 'node:path';
import type { Connection } from 'mongoose';
import type { Registry } from 'prom-client';
import { buildIndexes, connectDocuments } from './connection';
import type { DocumentsLogger } from './logger';
import type { PersistenceOptions } from './memory/memory-collection';
import { openInOrder, type Closing } from './open-in-order';

/** One store of a service, in its two implementations. */
export interface StoreFactory<S> {
  /** Builds it on the service's own connection (registering its models there). */
  mongo(connection: Connection): S;
  /** Opens the memory implementation; `persistence.dataDir` is the service's folder (undefined: memory only). */
  memory(persistence: PersistenceOptions): Promise<S> | S;
}

/** A service's stores by name, each with its two implementations. */
export type StoreFactories<S> = { [K in keyof S]: StoreFactory<S[K]> };

/** The configuration fields every service with stores has. */
export interface StoresConfig {
  /** Set: MongoDB. Unset: memory stores, persisted under DATA_DIR when that is set. */
  MONGODB_URI?: string;
  /** The service's own database (one database per service); defaults to the service name. */
  MONGODB_DB?: string;
  /** The embedded mode's data folder, shared by all services; each keeps its files in its own folder in it. */
  DATA_DIR?: string;
}

export interface OpenStoresOptions<S> {
  /** The service's kebab-case name: its database by default and its folder under DATA_DIR. */
  service: string;
  config: StoresConfig;
  logger?: DocumentsLogger;
  stores: StoreFactories<S>;
  /** Stores the caller already has (tests, the embedded launcher): used as they are and left open. */
  provided?: NoInfer<{ [K in keyof S]?: S[K] }>;
  /**
   * The service's metrics registry: every command of its MongoDB connection is timed there
   * (`mongodb_command_duration_seconds`). Memory stores send no commands, so they add nothing.
   */
  registry?: Registry;
}

/** The same shape as `@kadr/http-kit`'s `ReadinessCheck`. */
export interface StoresReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export interface OpenedStores<S> extends Closing {
  stores: S;
  /** `mongodb` (a ping) when a connection was opened; none for memory stores. */
  readinessChecks: StoresReadinessCheck[];
}

/**
 * The one rule for where a service keeps its files in the embedded mode: its own folder, named
 * after the service, under the shared DATA_DIR (`.data/commerce`). Unset DATA_DIR: undefined
 * (memory only). The local blob folder is the one shared folder (`localBlobRoot` in @kadr/blob-store).
 */
export function serviceDataDir(dataDir: string | undefined, service: string): string | undefined {
  return dataDir ? path.join(dataDir, service) : undefined;
}

/** Closes a store that has a `close()` (memory stores flush their file there); the others have nothing to close. */
const closeStore = (store: unknown) => (store as { close?: () => unknown }).close?.();

/**
 * Opens a service's stores: with MONGODB_URI, one connection to its database (MONGODB_DB, or
 * the service name), every store built on it and their indexes built before this resolves;
 * otherwise the memory stores, persisted under `serviceDataDir(DATA_DIR, service)`. Stores in
 * `provided` are used as they are and never closed; when every store is provided nothing is opened.
 *
 * If a store fails to open, the stores opened before it and the connection are closed again and
 * the error is rethrown. `close()` closes the stores in reverse order of opening, then the connection.
 */
export async function openStores<S extends object>(options: OpenStoresOptions<S>): Promise<OpenedStores<S>> {
  const { service, config, logger, registry } = options;
  const provided: { [K in keyof S]?: S[K] } = options.provided ?? {};
  const names = Object.keys(options.stores) as Array<keyof S>;
  const missing = names.filter((name) => provided[name] === undefined);
  return openInOrder(async (own) => {
    const stores = {} as S;
    for (const name of names) if (provided[name] !== undefined) stores[name] = provided[name];
    const readinessChecks: StoresReadinessCheck[] = [];
    if (missing.length === 0) return { stores, readinessChecks };

    if (config.MONGODB_URI) {
      const dbName = config.MONGODB_DB ?? service;
      const documents = own(
        await connectDocuments({ uri: config.MONGODB_URI, dbName, autoIndex: false, logger, registry }),
      );
      for (const name of missing) stores[name] = own(options.stores[name].mongo(documents.connection), closeStore);
      // The models are registered now: their indexes are built (and awaited) before start-up goes on.
      await buildIndexes(documents.connection, logger);
      readinessChecks.push({ name: 'mongodb', check: () => documents.ping() });
    } else {
      const persistence = { dataDir: serviceDataDir(config.DATA_DIR, service), logger };
      for (const name of missing) stores[name] = own(await options.stores[name].memory(persistence), closeStore);
    }
    return { stores, readinessChecks };
  });
}
