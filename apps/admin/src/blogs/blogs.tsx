import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Grid, IconButton, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  ImageField,
  ImageInput,
  List,
  SearchInput,
  SimpleForm,
  TextArrayInput,
  TextInput,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import { IMAGE_DROPZONE_ACCEPT } from '../lib/images';
import { MarkdownPreview } from './MarkdownPreview';

export function BlogList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]} exporter={false}>
      <DataTable>
        <DataTable.Col source="title" />
        <DataTable.Col source="author.username" label="Author" disableSort />
        <DataTable.Col source="published" render={(r) => (r.published ? 'Published' : 'Draft')} />
        <DataTable.Col source="publishedAt" label="Published at" render={(r) => (r.publishedAt ? new Date(r.publishedAt).toLocaleDateString() : '—')} />
        <DataTable.Col source="likes" disableSort />
        <DataTable.Col source="commentCount" label="Comments" disableSort />
      </DataTable>
    </List>
  );
}

/** A stored image URL shown by ImageInput as {src}; a picked file keeps react-admin's shape. */
const formatImage = (value: unknown) => (typeof value === 'string' ? { src: value, title: 'cover' } : value);

function BlogForm() {
  return (
    <SimpleForm>
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextInput source="title" validate={required()} fullWidth />
          <TextInput source="excerpt" multiline fullWidth />
          <TextInput source="body" label="Body (Markdown)" multiline minRows={14} fullWidth validate={required()} />
          <TextArrayInput source="tags" />
          <ImageInput source="coverImage" label="Cover image" accept={IMAGE_DROPZONE_ACCEPT} format={formatImage}>
            <ImageField source="src" title="title" />
          </ImageInput>
          <BooleanInput source="published" label="Published" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <MarkdownPreview />
        </Grid>
      </Grid>
    </SimpleForm>
  );
}

export const BlogCreate = () => (
  <Create redirect="edit">
    <BlogForm />
  </Create>
);

/** A post's comments, each deletable by an admin. */
export function BlogComments() {
  const record = useRecordContext<RaRecord>();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const client = useQueryClient();
  const key = ['comments', record?.id];
  const { data = [] } = useQuery({ queryKey: key, queryFn: () => dataProvider.getComments(record!.id), enabled: !!record?.id });
  const remove = async (id: RaRecord['id']) => {
    try {
      await dataProvider.delete('comments', { id });
      notify('Comment deleted', { type: 'success' });
      await client.invalidateQueries({ queryKey: key });
    } catch (error) {
      notify(errorMessage(error, 'Delete failed. Try again.'), { type: 'error' });
    }
  };
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6">Comments ({data.length})</Typography>
      <MuiList dense>
        {data.map((c) => (
          <ListItem
            key={c.id}
            secondaryAction={
              <IconButton edge="end" aria-label="Delete comment" onClick={() => void remove(c.id)}>
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText primary={String(c.text ?? '')} secondary={`${String(c.user?.username ?? c.username ?? c.name ?? '')} · ${c.createdAt ? new Date(c.createdAt).toLocaleString() : ''}`} />
          </ListItem>
        ))}
      </MuiList>
    </Box>
  );
}

export const BlogEdit = () => (
  <Edit mutationMode="pessimistic" aside={undefined}>
    <BlogForm />
    <BlogComments />
  </Edit>
);
