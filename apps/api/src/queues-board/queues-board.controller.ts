import { All, Controller, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../auth/auth.decorators';
import { rawResponseOf } from '../http/raw-response';
import { QueuesBoard } from './queues-board';

/**
 * Bull Board at /api/admin/queues, for admins only (a guest gets 401, a customer 403). Every request to
 * the board, its page, scripts and JSON API alike, comes through here, so Nest's guards and throttling
 * apply to all of it. Not part of the OpenAPI document: it is a web UI, not the shop's API.
 */
@ApiExcludeController()
@Controller('admin/queues')
@Auth('admin')
export class QueuesBoardController {
  constructor(private readonly board: QueuesBoard) {}

  @All(['', '*'])
  serve(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    // The board's Fastify instance writes the raw response itself: it takes the headers set so far (security headers, request id) along,
    // and the body the API already parsed.
    return this.board.handle(req.raw, rawResponseOf(res), req.body);
  }
}
