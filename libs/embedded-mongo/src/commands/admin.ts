import * as os from 'node:os';
import { Long } from 'bson';
import { Doc } from '../bson-util';
import { CommandError } from '../errors';
import { CommandContext, Handler } from './context';

export const SERVER_VERSION = '7.0.0';
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WRITE_BATCH = 100_000;

function hello(ctx: CommandContext, cmd: Doc): Doc {
  const reply: Doc = {
    isWritablePrimary: true,
    ismaster: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: MAX_WRITE_BATCH,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
  if (cmd.helloOk === true) reply.helloOk = true;
  return reply;
}

const buildInfo: Handler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded-mongo',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['embedded'],
  javascriptEngine: 'none',
  modules: [],
  ok: 1,
});

const transactionsUnsupported: Handler = () => {
  throw new CommandError(
    'IllegalOperation',
    'Transaction numbers are only allowed on a replica set member or mongos (embedded-mongo does not support transactions)',
  );
};

const authUnsupported: Handler = () => {
  throw new CommandError('NotImplemented', 'embedded-mongo does not implement authentication; connect without credentials');
};

function serverStatus(ctx: CommandContext): Doc {
  return {
    host: `${ctx.server.host}:${ctx.server.port}`,
    version: SERVER_VERSION,
    process: 'embedded-mongo',
    pid: Long.fromNumber(process.pid),
    uptime: Math.floor((Date.now() - ctx.server.startedAt.getTime()) / 1000),
    uptimeMillis: Long.fromNumber(Date.now() - ctx.server.startedAt.getTime()),
    localTime: new Date(),
    connections: { current: 0, available: 1000 },
    metrics: { cursor: { open: { total: Long.fromNumber(ctx.cursors.size) } } },
    storageEngine: { name: 'embedded', persistent: ctx.engine.persistent },
    ok: 1,
  };
}

function listDatabases(ctx: CommandContext, cmd: Doc): Doc {
  const databases: Doc[] = [];
  let total = 0;
  for (const [name, colls] of ctx.engine.dbs) {
    let size = 0;
    for (const c of colls.values()) size += c.docs.size * 256;
    total += size;
    databases.push(cmd.nameOnly === true ? { name } : { name, sizeOnDisk: size, empty: colls.size === 0 });
  }
  return { databases, totalSize: total, totalSizeMb: Math.round(total / 1048576), ok: 1 };
}

export const adminCommands: Record<string, Handler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: () => ({ ok: 1 }),
  buildInfo,
  buildinfo: buildInfo,
  getParameter: (_ctx, cmd) => ({
    ...(cmd.featureCompatibilityVersion !== undefined ? { featureCompatibilityVersion: { version: '7.0' } } : {}),
    ok: 1,
  }),
  getLog: (_ctx, cmd) => (cmd.getLog === '*' ? { names: ['global', 'startupWarnings'], ok: 1 } : { totalLinesWritten: 0, log: [], ok: 1 }),
  hostInfo: () => ({
    system: {
      currentTime: new Date(),
      hostname: os.hostname(),
      cpuAddrSize: 64,
      memSizeMB: Math.round(os.totalmem() / 1048576),
      numCores: os.cpus().length,
    },
    os: { type: os.type(), name: os.platform(), version: os.release() },
    extra: {},
    ok: 1,
  }),
  serverStatus,
  listDatabases,
  endSessions: () => ({ ok: 1 }),
  killAllSessions: () => ({ ok: 1 }),
  killSessions: () => ({ ok: 1 }),
  refreshSessions: () => ({ ok: 1 }),
  startSession: () => ({ id: {}, timeoutMinutes: 30, ok: 1 }),
  abortTransaction: transactionsUnsupported,
  commitTransaction: transactionsUnsupported,
  whatsmyuri: (ctx) => ({ you: ctx.remote, ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  getCmdLineOpts: (ctx) => ({
    argv: ctx.server.argv,
    parsed: { net: { port: ctx.server.port, bindIp: ctx.server.host }, storage: { dbPath: ctx.server.dbPath ?? '(in-memory)' } },
    ok: 1,
  }),
  saslStart: authUnsupported,
  saslContinue: authUnsupported,
  authenticate: authUnsupported,
  logout: () => ({ ok: 1 }),
  getFreeMonitoringStatus: () => ({ state: 'disabled', ok: 1 }),
  features: () => ({ ok: 1 }),
  lockInfo: () => ({ lockInfo: [], ok: 1 }),
};
