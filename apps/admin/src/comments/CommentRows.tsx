import { Typography } from '@mui/material';
import { DataTable, DeleteWithConfirmButton, SimpleList, useListContext, useNotify, type RaRecord } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import { useCompact } from '../lib/useCompact';

const author = (c: RaRecord) => String(c.user?.username ?? c.username ?? c.name ?? '');
const when = (c: RaRecord) => (c.createdAt ? new Date(c.createdAt).toLocaleString() : '');

/** Delete, only after "Delete this comment?" is confirmed (issue #23, defect 7). */
function DeleteCommentButton() {
  const notify = useNotify();
  return (
    <DeleteWithConfirmButton
      label="Delete"
      aria-label="Delete comment"
      redirect={false}
      mutationMode="pessimistic"
      confirmTitle="Delete this comment?"
      confirmContent="The comment is removed for good. This cannot be undone."
      mutationOptions={{
        onSuccess: () => notify('Comment deleted', { type: 'success' }),
        onError: (error) => notify(errorMessage(error, 'Delete failed. Try again.'), { type: 'error' }),
      }}
    />
  );
}

/**
 * A post's comments in the current list context (the Comments list or a post's ReferenceManyField): a table,
 * or a SimpleList below the md breakpoint; paged by the API, never cut at 100.
 */
export function CommentRows({ emptyText = 'No comments yet.' }: { emptyText?: string }) {
  const compact = useCompact();
  const { total, isPending } = useListContext();
  if (!isPending && !total) return <Typography sx={{ p: 2 }}>{emptyText}</Typography>;
  if (compact) {
    return (
      <SimpleList
        primaryText={(c) => String(c.text ?? '')}
        secondaryText={(c) => `${author(c)} · ${when(c)}`}
        rowClick={false}
        rightIcon={() => <DeleteCommentButton />}
      />
    );
  }
  return (
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col
        source="text"
        label="Comment"
        disableSort
        render={(c) => <span style={{ whiteSpace: 'pre-wrap' }}>{String(c.text ?? '')}</span>}
      />
      <DataTable.Col source="username" label="Author" disableSort render={author} />
      <DataTable.Col source="createdAt" label="Posted" render={when} />
      <DataTable.Col label="" disableSort render={() => <DeleteCommentButton />} />
    </DataTable>
  );
}
