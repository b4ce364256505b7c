import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import fastify, { type FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JobsService, QUEUES } from '@shop/jobs';
import { notFound } from '../common/domain-error';

/** Where the board is served (the API's global prefix included). */
export const QUEUES_BOARD_PATH = '/api/admin/queues';

/** The board's page links a web font from Google; the shop loads nothing from a CDN (and its CSP would refuse it). */
const EXTERNAL_STYLESHEET = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>/gi;

/** The body the API's own parsers already read from the raw request (the board's instance must not read the stream again). */
const PARSED_BODY = Symbol('queues-board.parsed-body');
/** Set by handle(): the board's instance calls it for a path it has no route for, and the controller answers the API's 404. */
const NOT_FOUND = Symbol('queues-board.not-found');
type BoardRequest = IncomingMessage & { [PARSED_BODY]?: unknown; [NOT_FOUND]?: () => void };

/**
 * Bull Board (the BullMQ web UI) over every queue of the shop, as its maintained Fastify plugin
 * (@bull-board/fastify) registered under QUEUES_BOARD_PATH in a Fastify instance of its own that never listens.
 * QueuesBoardController hands it the raw request and response of each request that passed Nest's guards (admins
 * only, CSRF) and throttling; the instance routes it with `routing()` (Fastify's own request handler). The body the
 * API's parsers already read is passed along instead of the consumed stream.
 */
@Injectable()
export class QueuesBoard implements OnModuleDestroy {
  private readonly instance: FastifyInstance;
  private readonly ready: PromiseLike<unknown>;

  constructor(jobs: JobsService) {
    const adapter = new FastifyAdapter();
    createBullBoard({
      queues: QUEUES.map((name) => new BullMQAdapter(jobs.queue(name))),
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Threadline jobs' } },
    });
    adapter.setBasePath(QUEUES_BOARD_PATH);
    this.instance = fastify({ routerOptions: { ignoreTrailingSlash: true } });
    this.instance.removeAllContentTypeParsers();
    this.instance.addContentTypeParser('*', (req, _payload, done) => done(null, (req.raw as BoardRequest)[PARSED_BODY]));
    this.instance.addHook('onSend', async (_req, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      return type.startsWith('text/html') && typeof payload === 'string' ? payload.replace(EXTERNAL_STYLESHEET, '') : payload;
    });
    this.instance.setNotFoundHandler((req, reply) => {
      const pending = (req.raw as BoardRequest)[NOT_FOUND];
      pending?.();
      reply.hijack();
    });
    void this.instance.register(adapter.registerPlugin(), { prefix: QUEUES_BOARD_PATH });
    this.ready = this.instance.ready().then(() => undefined);
  }

  /** Answers one request under QUEUES_BOARD_PATH; resolves once the answer is sent, rejects with 404 when the board has no such page. */
  async handle(rawReq: IncomingMessage, rawRes: ServerResponse, parsedBody: unknown): Promise<void> {
    await this.ready;
    const req = rawReq as BoardRequest;
    req[PARSED_BODY] = parsedBody;
    return new Promise<void>((resolve, reject) => {
      req[NOT_FOUND] = () => reject(notFound('NOT_FOUND', 'Not found'));
      rawRes.once('close', () => resolve());
      rawRes.once('finish', () => resolve());
      this.instance.routing(req, rawRes);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.instance.close();
  }
}
