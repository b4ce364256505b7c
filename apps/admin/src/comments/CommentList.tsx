import { AutocompleteInput, List, ReferenceInput, useListContext } from 'react-admin';
import { CommentRows } from './CommentRows';

/** The post picker: an autocomplete searching the posts on the server (q), so no post is left out at 100. */
const filters = [
  <ReferenceInput key="blog" source="blog" reference="blogs" sort={{ field: 'createdAt', order: 'DESC' }} alwaysOn>
    <AutocompleteInput label="Post" optionText="title" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: { xs: 240, sm: 320 } }} />
  </ReferenceInput>,
];

function ChosenPostComments() {
  const { filterValues } = useListContext();
  return <CommentRows emptyText={filterValues?.blog ? 'No comments on this post yet.' : 'Choose a post to see its comments.'} />;
}

/** Comments, post by post (the API lists comments per post), paged, each deletable after a confirmation. */
export function CommentList() {
  return (
    <List
      resource="comments"
      title="Comments"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={false}
      empty={false}
    >
      <ChosenPostComments />
    </List>
  );
}
