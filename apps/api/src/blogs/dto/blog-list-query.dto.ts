import { ListQueryDto } from '../../common/list-query';

/**
 * GET /api/blogs: the list conventions of ListQueryDto, nothing else. Sortable: publishedAt (default, newest
 * first), published, createdAt, updatedAt, title, id. filter keys: q (title/text), tag, published (admins only), id.
 */
export class BlogListQueryDto extends ListQueryDto {}
