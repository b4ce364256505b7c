import { Box, Grid, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  ImageField,
  ImageInput,
  List,
  Pagination,
  ReferenceManyField,
  SearchInput,
  SimpleForm,
  SimpleList,
  TextArrayInput,
  TextInput,
  required,
  useListContext,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { CommentRows } from '../comments/CommentRows';
import { IMAGE_DROPZONE_ACCEPT } from '../lib/images';
import { useCompact } from '../lib/useCompact';
import { MarkdownPreview } from './MarkdownPreview';

const publishedText = (r: RaRecord) => (r.published ? 'Published' : 'Draft');

export function BlogList() {
  const compact = useCompact();
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]} exporter={false}>
      {compact ? (
        <SimpleList
          primaryText={(r) => String(r.title ?? '')}
          secondaryText={(r) => `${publishedText(r)}${r.publishedAt ? ` · ${new Date(r.publishedAt).toLocaleDateString()}` : ''}`}
          tertiaryText={(r) => `${Number(r.commentCount ?? 0)} comments`}
          rowClick="edit"
        />
      ) : (
        <DataTable>
          <DataTable.Col source="title" />
          <DataTable.Col source="author.username" label="Author" disableSort />
          <DataTable.Col source="published" render={publishedText} />
          <DataTable.Col
            source="publishedAt"
            label="Published at"
            render={(r) => (r.publishedAt ? new Date(r.publishedAt).toLocaleDateString() : '—')}
          />
          <DataTable.Col source="likes" disableSort />
          <DataTable.Col source="commentCount" label="Comments" disableSort />
        </DataTable>
      )}
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

function CommentCount() {
  const { total } = useListContext();
  return (
    <Typography variant="h6" component="h2">
      Comments ({total ?? 0})
    </Typography>
  );
}

/** A post's comments, paged by the API, each deletable by an admin after a confirmation. */
export function BlogComments() {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }}>
      <ReferenceManyField reference="comments" target="blog" sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} pagination={<Pagination />}>
        <CommentCount />
        <CommentRows />
      </ReferenceManyField>
    </Box>
  );
}

export const BlogEdit = () => (
  <Edit mutationMode="pessimistic" aside={undefined}>
    <BlogForm />
    <BlogComments />
  </Edit>
);
