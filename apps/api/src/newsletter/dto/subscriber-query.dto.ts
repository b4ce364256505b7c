import { PickType } from '@nestjs/swagger';
import { ListQueryDto } from '../../common/list-query';

/**
 * GET /api/newsletter/subscribers (admins): the list conventions of ListQueryDto, nothing else. Sortable:
 * subscribedAt (default, newest first), email, createdAt, id. filter keys: q (e-mail text), active, id.
 */
export class SubscriberListQueryDto extends ListQueryDto {}

/** GET /api/newsletter/subscribers.csv (admins): the whole list, or the part a filter selects (keys as for the list). */
export class SubscribersCsvQueryDto extends PickType(ListQueryDto, ['filter'] as const) {}
