import CategoryIcon from '@mui/icons-material/Category';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Dialog, DialogActions, DialogContent, DialogTitle, Button as MuiButton } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Form,
  ReferenceInput,
  required,
  useListContext,
  useNotify,
  useRefresh,
  useUpdateMany,
  type Identifier,
} from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';

const plural = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

/** Runs one bulk change on the selected products (PATCH /api/products/bulk), then says how it went. */
function useBulkChange() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [updateMany, { isPending }] = useUpdateMany();
  const run = (data: Record<string, unknown>, done: string, after?: () => void) => {
    const ids: Identifier[] = [...selectedIds];
    return updateMany(
      'products',
      { ids, data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${plural(ids.length)} ${done}`, { type: 'success' });
          onUnselectItems();
          after?.();
        },
        onError: (error) => {
          notify(errorMessage(error, 'An error occurred. Please try again.'), { type: 'error' });
          // Some may have changed: show the list as it now is.
          refresh();
          after?.();
        },
      },
    );
  };
  return { run, isPending, count: selectedIds.length };
}

/** Publish (status published) or Unpublish (status draft) the selected products. */
export function BulkStatusButton({ status }: { status: 'published' | 'draft' }) {
  const { run, isPending } = useBulkChange();
  const publish = status === 'published';
  return (
    <Button label={publish ? 'Publish' : 'Unpublish'} disabled={isPending} onClick={() => run({ status }, publish ? 'published' : 'unpublished')}>
      {publish ? <PublishIcon /> : <UnpublishedIcon />}
    </Button>
  );
}

/** Moves the selected products to a category picked in a dialog. */
export function BulkCategoryButton() {
  const [open, setOpen] = useState(false);
  const { run, isPending, count } = useBulkChange();
  const close = () => setOpen(false);
  return (
    <>
      <Button label="Change category" onClick={() => setOpen(true)}>
        <CategoryIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="bulk-category-title">
        <Form onSubmit={(values: { category?: string }) => run({ category: values.category }, 'moved', close)}>
          <DialogTitle id="bulk-category-title">Move {plural(count)} to a category</DialogTitle>
          <DialogContent>
            <ReferenceInput source="category" reference="categories">
              <AutocompleteInput label="New category" optionText="name" validate={required('Please choose a category')} fullWidth />
            </ReferenceInput>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={isPending}>
              Move
            </MuiButton>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
