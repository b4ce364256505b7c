#!/usr/bin/env node
/* Small mongod look-alike: `npm run db -- --port 27017 --dbpath .data/db` */
import { startEmbeddedMongo } from './index';

function parseArgs(argv: string[]): { port: number; dbPath?: string; host: string; compactBytes?: number } {
  let compactBytes: number | undefined;
  let port = 27017;
  let dbPath: string | undefined;
  let host = '127.0.0.1';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`missing value for ${flag}`);
      return v;
    };
    switch (flag) {
      case '--port':
        port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port`);
        break;
      case '--dbpath':
      case '--dbPath':
        dbPath = value();
        break;
      case '--bind_ip':
      case '--host':
        host = value();
        break;
      case '--compact-bytes':
        compactBytes = Number(value());
        break;
      case '--inMemory':
      case '--in-memory':
        dbPath = undefined;
        break;
      case '--help':
        process.stdout.write('usage: cli [--port N (0 = any)] [--dbpath DIR (omit = in-memory)] [--bind_ip HOST] [--compact-bytes N]\n');
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${a}`);
    }
  }
  return { port, dbPath, host, compactBytes };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const log = (level: string) => (msg: string) => process.stderr.write(`[embedded-mongo] ${level} ${msg}\n`);
  const server = await startEmbeddedMongo({ ...opts, logger: { info: log('info'), warn: log('warn') } });
  process.stdout.write(`embedded-mongo listening on mongodb://${server.host}:${server.port} (dbpath ${opts.dbPath ?? 'in-memory'})\n`);
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[embedded-mongo] info ${signal} received, shutting down\n`);
    server.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`[embedded-mongo] error during shutdown: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`[embedded-mongo] fatal: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
