import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { notReadyMessage } from '@shop/jobs';
import { WorkerReadiness } from './worker-readiness';

/** The stable code of a 503 from the worker's readiness check (the API's too). */
export const DEPENDENCY_UNAVAILABLE = 'DEPENDENCY_UNAVAILABLE';

/**
 * A tiny HTTP server for probes (docker-compose, Kubernetes), on WORKER_HEALTH_PORT when it is set:
 * GET /live answers 200 while the process runs; GET /ready answers 200 when MongoDB and every BullMQ worker's
 * Redis connection are up, else 503 naming each dependency, in the API's shape. Anything else is 404.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHealthServer.name);
  private server: Server | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: WorkerReadiness,
  ) {}

  /** The port it listens on (the one chosen when WORKER_HEALTH_PORT=0), or undefined when there is no server. */
  get port(): number | undefined {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.workerHealthPort === undefined) return;
    const server = createServer((req, res) => {
      void this.answer(req.method ?? 'GET', (req.url ?? '/').split('?')[0]).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.workerHealthPort, () => resolve());
    });
    this.server = server;
    this.logger.log(`health server on port ${this.port} (/live, /ready)`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(method: string, path: string): Promise<{ status: number; body: object }> {
    if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: { statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: 'Only GET' } };
    if (path === '/live') return { status: 200, body: { status: 'ok' } };
    if (path !== '/ready') return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Try /live or /ready' } };
    try {
      const { ready, checks } = await this.readiness.check();
      if (ready) return { status: 200, body: { status: 'ok', checks } };
      const errors: Record<string, string> = {};
      for (const [name, state] of Object.entries(checks)) if (state.status === 'down') errors[name] = state.message;
      return {
        status: 503,
        body: { statusCode: 503, code: DEPENDENCY_UNAVAILABLE, message: notReadyMessage(checks), errors, status: 'error', checks },
      };
    } catch (error) {
      return {
        status: 503,
        body: { statusCode: 503, code: DEPENDENCY_UNAVAILABLE, message: `Not ready: ${(error as Error).message}`, status: 'error', checks: {} },
      };
    }
  }
}
