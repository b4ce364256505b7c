import { Module } from '@nestjs/common';
import { QueuesBoard } from './queues-board';
import { QueuesBoardController } from './queues-board.controller';

@Module({ controllers: [QueuesBoardController], providers: [QueuesBoard] })
export class QueuesBoardModule {}
