import * as net from 'node:net';
import { Doc } from './bson-util';
import { dispatch } from './commands';
import { CommandContext, Reply, ServerInfo } from './commands/context';
import { CursorManager } from './cursors';
import { EngineLogger, StorageEngine } from './storage/engine';
import { MessageReader } from './wire/framing';
import {
  FLAG_MORE_TO_COME,
  OP_MSG,
  OP_QUERY,
  ProtocolError,
  encodeOpMsg,
  encodeOpReply,
  parseOpMsg,
  parseOpQuery,
  readHeader,
} from './wire/protocol';

/** TCP front end: one MessageReader and a strictly ordered reply queue per connection. */
export class WireServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private nextConnId = 1;
  private nextRequestId = 1;

  constructor(
    private readonly engine: StorageEngine,
    private readonly cursors: CursorManager,
    private readonly logger: EngineLogger,
    private readonly info: ServerInfo,
  ) {
    this.server = net.createServer((s) => this.accept(s));
    this.server.on('error', (e) => this.logger.warn(`server error: ${e.message}`));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (e: Error): void => reject(e);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        const addr = this.server.address() as net.AddressInfo;
        this.info.port = addr.port;
        resolve(addr.port);
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  private accept(socket: net.Socket): void {
    const connectionId = this.nextConnId++;
    const remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? 0}`;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const reader = new MessageReader();
    let queue: Promise<void> = Promise.resolve();
    const ctxBase = { engine: this.engine, cursors: this.cursors, logger: this.logger, server: this.info, connectionId, remote };
    const fail = (reason: string): void => {
      this.logger.warn(`connection ${connectionId} (${remote}) closed: ${reason}`);
      socket.destroy();
    };
    socket.on('data', (chunk: Buffer) => {
      let messages: Buffer[];
      try {
        messages = reader.push(chunk);
      } catch (e) {
        fail(e instanceof Error ? e.message : String(e));
        return;
      }
      for (const m of messages) {
        // Execute immediately (synchronously, in arrival order); only the durability wait is queued.
        let pending: Promise<Buffer | null>;
        try {
          pending = this.handle(m, ctxBase);
        } catch (e) {
          fail(e instanceof Error ? e.message : String(e));
          return;
        }
        queue = queue.then(async () => {
          const out = await pending;
          if (out && !socket.destroyed) socket.write(out);
        });
        queue.catch((e: unknown) => fail(`write failed: ${e instanceof Error ? e.message : String(e)}`));
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** Parses and runs one message synchronously; the returned promise waits for journal durability. */
  private handle(msg: Buffer, base: Omit<CommandContext, 'db'>): Promise<Buffer | null> {
    const h = readHeader(msg);
    const before = this.engine.lastSeq;
    let reply: Reply;
    let encode: (r: Reply) => Buffer | null;
    if (h.opCode === OP_MSG) {
      const { flags, body } = parseOpMsg(msg);
      const db = typeof body.$db === 'string' ? body.$db : 'admin';
      reply = dispatch({ ...base, db }, body);
      const noReply = (flags & FLAG_MORE_TO_COME) !== 0;
      encode = (r) => (noReply ? null : encodeOpMsg(this.nextRequestId++, h.requestId, r));
    } else if (h.opCode === OP_QUERY) {
      const q = parseOpQuery(msg);
      const dot = q.collection.indexOf('.');
      const db = dot > 0 ? q.collection.slice(0, dot) : 'admin';
      if (!q.collection.endsWith('.$cmd')) {
        const err: Doc = { $err: 'OP_QUERY is only supported for commands', code: 352, ok: 0 };
        return Promise.resolve(encodeOpReply(this.nextRequestId++, h.requestId, err, true));
      }
      reply = dispatch({ ...base, db }, q.query);
      encode = (r) => encodeOpReply(this.nextRequestId++, h.requestId, r);
    } else throw new ProtocolError(`unsupported opCode ${h.opCode}`);
    const seq = this.engine.lastSeq;
    const durable = seq > before ? this.engine.durable(seq) : null;
    if (!durable) return Promise.resolve(encode(reply));
    return durable.then(
      () => encode(reply),
      (e: unknown) =>
        encode({ ok: 0, errmsg: `journal write failed: ${e instanceof Error ? e.message : String(e)}`, code: 1, codeName: 'InternalError' }),
    );
  }
}
