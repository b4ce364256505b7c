import { ListQueryDto } from '../../common/list-query';

/**
 * GET /api/contact (admins): the list conventions of ListQueryDto, nothing else. Sortable: createdAt (default,
 * newest first), handled, email, subject, id. filter keys: q (text), handled, id.
 */
export class ContactListQueryDto extends ListQueryDto {}
