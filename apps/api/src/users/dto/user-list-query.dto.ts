import { ListQueryDto } from '../../common/list-query';

/**
 * GET /api/users (admins): the list conventions of ListQueryDto, nothing else. Sortable: createdAt (default,
 * newest first), username, email, id, isAdmin. filter keys: q (username/e-mail text), isAdmin, isDistributor, id.
 */
export class UserListQueryDto extends ListQueryDto {}
