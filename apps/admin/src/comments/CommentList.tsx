import { Box, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { RecordContextProvider, Title, useGetList } from 'react-admin';
import { BlogComments } from '../blogs/blogs';
import type { BlogRecord } from '../lib/api-types';

/** Comments, post by post (the API lists comments per post), with delete. */
export function CommentList() {
  const { data: blogs = [] } = useGetList<BlogRecord>('blogs', { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' } });
  const [blogId, setBlogId] = useState('');
  const blog = blogs.find((b) => String(b.id) === blogId);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Comments" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Comments
        </Typography>
        <TextField select label="Post" value={blogId} onChange={(e) => setBlogId(e.target.value)} sx={{ minWidth: 320 }}>
          {blogs.map((b) => (
            <MenuItem key={b.id} value={String(b.id)}>
              {b.title}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          {blog && (
            <RecordContextProvider value={blog}>
              <BlogComments />
            </RecordContextProvider>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
