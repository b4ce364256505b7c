import { ApiProperty } from '@nestjs/swagger';
import type { SeedState } from '@shop/seed';

export const SEED_STATES: readonly SeedState[] = ['seeding', 'done', 'disabled', 'failed'];

/** How far the demo catalogue is: the shop answers while it is being filled. */
export class SeedStatusDto {
  @ApiProperty({
    enum: SEED_STATES,
    example: 'seeding',
    description:
      'seeding: the demo catalogue is being added (by this or another instance); done: complete, or not needed (the database was already in use); disabled: SEED_DEMO=false; failed: it stopped on an error (a restart resumes it)',
  })
  state!: SeedState;

  @ApiProperty({ example: 23, description: 'Demo items present so far: categories, demo accounts, products and blog posts' })
  done!: number;

  @ApiProperty({ example: 62, description: 'Demo items in all' })
  total!: number;
}
