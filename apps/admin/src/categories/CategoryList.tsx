import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Title, useCreate, useDelete, useGetList, useNotify, useUpdate } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import type { CategoryRecord } from '../lib/api-types';


/** The name form shared by "create" and the update dialog. */
function CategoryForm({ value, setValue, label, onSubmit, busy }: { value: string; setValue: (v: string) => void; label: string; onSubmit: () => void; busy: boolean }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField label="Category name" placeholder="Write category name" value={value} onChange={(e) => setValue(e.target.value)} size="small" sx={{ minWidth: 260 }} />
      <Button type="submit" variant="contained" disabled={busy}>
        {label}
      </Button>
    </Box>
  );
}

/** Manage Categories (/admin/categorylist): create by name; clicking a category opens a dialog to update or delete it. */
export function CategoryList() {
  const notify = useNotify();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<CategoryRecord | null>(null);
  const [updatingName, setUpdatingName] = useState('');
  const { data = [], error, isPending } = useGetList<CategoryRecord>('categories', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const [create, { isPending: creating }] = useCreate<CategoryRecord>();
  const [update, { isPending: updating }] = useUpdate<CategoryRecord>();
  const [remove, { isPending: deleting }] = useDelete<CategoryRecord>();

  const handleCreate = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      notify('Category name is required', { type: 'error' });
      return;
    }
    create(
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
    update(
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
    remove(
      'categories',
      { id: selected.id, previousData: selected },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${deletedName} is deleted.`, { type: 'success' });
          setSelected(null);
        },
        onError: (e) => notify(errorMessage(e, 'Category delection failed. Tray again.'), { type: 'error' }),
      },
    );
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Manage Categories" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Manage Categories
        </Typography>
        <CategoryForm value={name} setValue={setName} label="Submit" onSubmit={handleCreate} busy={creating} />
        <Box sx={{ my: 3 }} />
        {error && <Alert severity="error">{errorMessage(error, 'Failed to load categories')}</Alert>}
        {isPending ? (
          <Typography>Loading…</Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }} aria-label="categories">
            {data.map((category) => (
              <Button
                key={category.id}
                variant="outlined"
                onClick={() => {
                  setSelected(category);
                  setUpdatingName(category.name);
                }}
              >
                {category.name}
              </Button>
            ))}
          </Stack>
        )}
      </CardContent>
      <Dialog open={!!selected} onClose={() => setSelected(null)} fullWidth maxWidth="sm">
        <DialogTitle>Update category</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <CategoryForm value={updatingName} setValue={setUpdatingName} label="Update" onSubmit={handleUpdate} busy={updating} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button color="error" variant="contained" onClick={handleDelete} disabled={deleting}>
            Delete
          </Button>
          <Button onClick={() => setSelected(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
