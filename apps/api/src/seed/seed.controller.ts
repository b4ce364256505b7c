import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { SeedStatusDto } from './dto/seed-status.dto';
import { SeedBoot } from './seed-boot.service';

@ApiTags('seed')
@SkipThrottle()
@Controller('seed')
export class SeedController {
  constructor(private readonly seed: SeedBoot) {}

  @Get('status')
  @ApiOperation({ summary: 'How far the demo catalogue is (npm start shows it while the shop fills)' })
  @ApiOkResponse({ type: SeedStatusDto })
  status(): Promise<SeedStatusDto> {
    return this.seed.status();
  }
}
