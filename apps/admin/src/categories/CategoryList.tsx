import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Confirm, DataTable, List, SearchInput, SimpleList, Title, useCreate, useDelete, useGetOne, useNotify, useUpdate } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import type { CategoryRecord } from '../lib/api-types';
import { useCompact } from '../lib/useCompact';
import { categoryDeleteBlocker, productCountText } from './categoryDelete';

/** The name form shared by "create" and the update dialog. */
function CategoryForm({
  value,
  setValue,
  label,
  onSubmit,
  busy,
}: {
  value: string;
  setValue: (v: string) => void;
  label: string;
  onSubmit: () => void;
  busy: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        label="Category name"
        placeholder="Write category name"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        size="small"
        sx={{ minWidth: { xs: '100%', sm: 260 } }}
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {label}
      </Button>
    </Box>
  );
}

/** The categories, paged by the API (X-Total-Count): a table, or a SimpleList below the md breakpoint. */
function CategoryRows({ onOpen }: { onOpen: (category: CategoryRecord) => void }) {
  const compact = useCompact();
  if (compact) {
    return (
      <SimpleList<CategoryRecord>
        primaryText={(r) => r.name}
        secondaryText={(r) => productCountText(r.productCount)}
        rowClick={(_id, _resource, record) => {
          onOpen(record as CategoryRecord);
          return false;
        }}
      />
    );
  }
  return (
    <DataTable<CategoryRecord> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col
        source="name"
        render={(r) => (
          <Button variant="outlined" onClick={() => onOpen(r as CategoryRecord)}>
            {r.name}
          </Button>
        )}
      />
      <DataTable.Col source="productCount" label="Products" align="right" disableSort render={(r) => r.productCount ?? ''} />
      <DataTable.Col source="createdAt" label="Created" render={(r) => (r.createdAt ? new Date(r.createdAt).toLocaleDateString() : '')} />
    </DataTable>
  );
}

/**
 * Manage Categories (/admin/categorylist): create by name; clicking a category opens a dialog to update or
 * delete it. The list pages through all categories (it used to stop silently at 100); delete asks first.
 */
export function CategoryList() {
  const notify = useNotify();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<CategoryRecord | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [updatingName, setUpdatingName] = useState('');
  const [create, { isPending: creating }] = useCreate<CategoryRecord>();
  const [update, { isPending: updating }] = useUpdate<CategoryRecord>();
  const [remove, { isPending: deleting }] = useDelete<CategoryRecord>();
  // Read again when the dialog opens: the count decides whether Delete is offered, and the list may be old.
  const { data: fresh } = useGetOne<CategoryRecord>('categories', { id: selected?.id ?? '' }, { enabled: !!selected });
  const productCount = selected ? (fresh && fresh.id === selected.id ? fresh.productCount : selected.productCount) : undefined;
  const blocker = selected ? categoryDeleteBlocker(selected.name, productCount) : undefined;

  const open = (category: CategoryRecord) => {
    setSelected(category);
    setUpdatingName(category.name);
  };

  const handleCreate = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      notify('Category name is required', { type: 'error' });
      return;
    }
    void create(
      'categories',
      { data: { name: trimmed } },
      {
        onSuccess: (created) => {
          setName('');
          notify(`${created.name ?? trimmed} is created.`, { type: 'success' });
        },
        onError: (e) => notify(errorMessage(e, 'Creating category failed, try again.'), { type: 'error' }),
      },
    );
  };

  const handleUpdate = () => {
    if (!selected) return;
    const trimmed = updatingName.trim();
    if (!trimmed) {
      notify('Category name is required', { type: 'error' });
      return;
    }
    void update(
      'categories',
      { id: selected.id, data: { name: trimmed }, previousData: selected },
      {
        mutationMode: 'pessimistic',
        onSuccess: (updated) => {
          notify(`${updated.name ?? trimmed} is updated`, { type: 'success' });
          setSelected(null);
        },
        onError: (e) => notify(errorMessage(e, 'An error occurred. Please try again.'), { type: 'error' }),
      },
    );
  };

  const handleDelete = () => {
    if (!selected) return;
    const deletedName = selected.name;
    void remove(
      'categories',
      { id: selected.id, previousData: selected },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${deletedName} is deleted.`, { type: 'success' });
          setConfirming(false);
          setSelected(null);
        },
        onError: (e) => {
          setConfirming(false);
          notify(errorMessage(e, 'Category delection failed. Tray again.'), { type: 'error' });
        },
      },
    );
  };

  return (
    <Box>
      <Title title="Manage Categories" />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Manage Categories
          </Typography>
          <CategoryForm value={name} setValue={setName} label="Submit" onSubmit={handleCreate} busy={creating} />
        </CardContent>
      </Card>
      <List<CategoryRecord>
        resource="categories"
        // The page's <Title> above names it already: a second title would read "Manage CategoriesManage Categories".
        title={false}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        exporter={false}
        actions={false}
        empty={false}
      >
        <CategoryRows onOpen={open} />
      </List>
      <Dialog open={!!selected} onClose={() => setSelected(null)} fullWidth maxWidth="sm" aria-labelledby="category-dialog-title">
        <DialogTitle id="category-dialog-title">Update category</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <CategoryForm value={updatingName} setValue={setUpdatingName} label="Update" onSubmit={handleUpdate} busy={updating} />
          </Box>
          {blocker && (
            <Alert severity="info" id="category-delete-blocker" data-testid="category-delete-blocker" sx={{ mt: 2 }}>
              {blocker}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button
            color="error"
            variant="contained"
            onClick={() => setConfirming(true)}
            disabled={deleting || !!blocker}
            aria-describedby={blocker ? 'category-delete-blocker' : undefined}
          >
            Delete
          </Button>
          <Button onClick={() => setSelected(null)}>Close</Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={confirming && !!selected}
        loading={deleting}
        title={`Delete category "${selected?.name ?? ''}"?`}
        content="The category is removed for good. This cannot be undone."
        confirm="Delete"
        confirmColor="warning"
        onConfirm={handleDelete}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
