import { PickType } from '@nestjs/swagger';
import { ListQueryDto } from '../../common/list-query';

/** GET /api/stats/contributors: paging only (most published products first, 50 per page unless asked otherwise). */
export class ContributorsQueryDto extends PickType(ListQueryDto, ['page', 'perPage', 'pageSize', 'range'] as const) {}
