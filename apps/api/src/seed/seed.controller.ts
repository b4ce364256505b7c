import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { SeedStatusDto } from './dto/seed-status.dto';
import { SeedService } from '@shop/seed';

@ApiTags('seed')
@SkipThrottle()
@Controller('seed')
export class SeedController {
  constructor(private readonly seed: SeedService) {}

  @Get('status')
  @ApiOperation({ summary: 'How far the demo catalogue is (npm start shows it while the shop fills)' })
  @ApiOkResponse({ type: SeedStatusDto })
  status(): SeedStatusDto {
    return this.seed.status();
  }
}
