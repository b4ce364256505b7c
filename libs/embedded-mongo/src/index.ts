import { ServerInfo } from './commands/context';
import { CursorManager } from './cursors';
import { EngineLogger, StorageEngine } from './storage/engine';
import { WireServer } from './server';

export type { EngineLogger } from './storage/engine';

export interface EmbeddedMongoOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Directory for the journal and snapshot. Omit for a pure in-memory server. */
  dbPath?: string;
  /** Interface to bind; defaults to 127.0.0.1. */
  host?: string;
  /** Receives connection/storage diagnostics; silent by default. */
  logger?: Partial<EngineLogger>;
  /** Journal size (bytes) after which a snapshot is written and the journal emptied. Default 64 MiB. */
  compactBytes?: number;
}

export interface EmbeddedMongo {
  /** `mongodb://HOST:PORT` (no trailing slash): append `/<dbname>` — e.g. `mongoose.connect(uri + '/shop')`. */
  uri: string;
  port: number;
  host: string;
  /** Closes every connection and the listener, flushes the journal and writes a snapshot. */
  stop(): Promise<void>;
}

const noop = (): void => undefined;

/** Starts a MongoDB-wire-compatible server backed by the embedded engine. */
export async function startEmbeddedMongo(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = options.host ?? '127.0.0.1';
  const logger: EngineLogger = { info: options.logger?.info ?? noop, warn: options.logger?.warn ?? noop };
  const engine = new StorageEngine(options.dbPath, logger, options.compactBytes);
  engine.open();
  const cursors = new CursorManager();
  const info: ServerInfo = { startedAt: new Date(), host, port: 0, dbPath: options.dbPath, argv: process.argv.slice() };
  const server = new WireServer(engine, cursors, logger, info);
  let port: number;
  try {
    port = await server.listen(options.port ?? 0, host);
  } catch (e) {
    cursors.close();
    await engine.close();
    throw e;
  }
  let stopping: Promise<void> | null = null;
  return {
    uri: `mongodb://${host}:${port}`,
    port,
    host,
    stop: () => {
      stopping ??= (async () => {
        await server.close();
        cursors.close();
        await engine.close();
      })();
      return stopping;
    },
  };
}
