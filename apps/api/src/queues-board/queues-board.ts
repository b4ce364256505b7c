import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Injectable } from '@nestjs/common';
import type { Express, NextFunction, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JobsService, QUEUES } from '@shop/jobs';
import { notFound } from '../common/domain-error';

/** Where the board is served (the API's global prefix included). */
export const QUEUES_BOARD_PATH = '/api/admin/queues';

/** The board's page links a web font from Google; the shop loads nothing from a CDN (and its CSP would refuse it). */
const EXTERNAL_STYLESHEET = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>/gi;

/**
 * Bull Board (the BullMQ web UI) over every queue of the shop. It is an Express app of its own that never
 * listens (Bull Board's UI ships as an Express router): QueuesBoardController hands it the raw Node request and
 * response of each request that passed Nest's guards (admins only) and throttling, with the path made relative
 * to the board, the way Express mounts a sub-app.
 */
@Injectable()
export class QueuesBoard {
  private readonly app: Express;

  constructor(jobs: JobsService) {
    const adapter = new ExpressAdapter().setBasePath(QUEUES_BOARD_PATH);
    createBullBoard({
      queues: QUEUES.map((name) => new BullMQAdapter(jobs.queue(name))),
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Threadline jobs' } },
    });
    this.app = adapter.getRouter() as Express;
    this.app.disable('x-powered-by');
  }

  /** Answers one request under QUEUES_BOARD_PATH; resolves once the answer is sent, rejects with 404 when the board has no such page. */
  handle(rawReq: IncomingMessage, rawRes: ServerResponse): Promise<void> {
    const req = rawReq as Request;
    const res = rawRes as Response;
    const url = req.url;
    const originalUrl = req.url;
    const baseUrl = req.baseUrl;
    const requestProto = Object.getPrototypeOf(req) as object;
    const responseProto = Object.getPrototypeOf(res) as object;
    const restore = () => {
      req.url = url;
      req.baseUrl = baseUrl;
      Object.setPrototypeOf(req, requestProto);
      Object.setPrototypeOf(res, responseProto);
    };
    return new Promise<void>((resolve, reject) => {
      res.once('close', () => resolve());
      // The board's page, without its CDN stylesheet.
      // Express gives `res` its prototype (and render) once the board's app takes the request, after this.
      const render = (this.app.response as Response).render.bind(res);
      res.render = (view: string, options?: object) =>
        render(view, options ?? {}, (error: Error | null, html?: string) => {
          if (error) return reject(error);
          res.type('text/html; charset=utf-8').send((html ?? '').replace(EXTERNAL_STYLESHEET, ''));
        });
      const rest = originalUrl.slice(QUEUES_BOARD_PATH.length);
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      req.baseUrl = QUEUES_BOARD_PATH;
      const done: NextFunction = (error?: unknown) => {
        restore();
        reject(error ?? notFound('NOT_FOUND', 'Not found'));
      };
      this.app(req, res, done);
    });
  }
}
