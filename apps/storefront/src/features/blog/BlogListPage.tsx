import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { thumbnailSrcSet } from '../../lib/images';
import { usePageMeta } from '../../lib/meta';
import { useBlogsListQuery } from '../../lib/shop-api';

export default function BlogListPage() {
  usePageMeta('Blog', 'Style guides, maker stories and news from Threadline.');
  const { data, isLoading, error } = useBlogsListQuery({ pageSize: 50 });
  return (
    <Container maxWidth="xl" sx={{ py: 4 }}>
      <PageHeader title="Blog" subtitle="Style guides, maker stories and news from the Threadline team." />
      {isLoading ? (
        <Skeleton variant="rounded" height={280} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !data?.length ? (
        <Typography color="text.secondary">No posts yet.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {data.map((b) => (
            <Card key={b._id} variant="outlined" data-testid="blog-card">
              <CardActionArea
                component={RouterLink}
                to={`/blog/${b._id}`}
                sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
              >
                {b.coverImage && (
                  <Box
                    component="img"
                    src={b.coverImage}
                    srcSet={thumbnailSrcSet(b.coverImage)}
                    sizes="(min-width: 1200px) 33vw, 100vw"
                    alt=""
                    loading="lazy"
                    sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
                  />
                )}
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(b.publishedAt ?? b.createdAt)}
                  </Typography>
                  <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                    {b.title}
                  </Typography>
                  {b.excerpt && <Typography color="text.secondary">{b.excerpt}</Typography>}
                  {!!b.tags?.length && (
                    <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
                      {b.tags.map((t) => (
                        <Chip key={t} label={t} size="small" />
                      ))}
                    </Stack>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Container>
  );
}
