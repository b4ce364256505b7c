import { Alert, Box, Button, Card, CardContent, CardMedia, Chip, Grid, Pagination, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, Title, useGetList } from 'react-admin';
import type { ProductRecord } from '../lib/api-types';
import { adminPath } from '../lib/paths';
import { formatDate, formatPrice, truncate } from '../lib/format';


const PER_PAGE = 24;

/** All Products (/admin/allproductslist): count in the heading; image, name, date, 160 characters, price, update link. */
export function AllProducts() {
  const [page, setPage] = useState(1);
  const { data = [], total = 0, error, isPending } = useGetList<ProductRecord>('products', {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'createdAt', order: 'DESC' },
  });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="All Products" />
      <Typography variant="h5" component="h1" gutterBottom data-testid="all-products-heading">
        All Products ({total})
      </Typography>
      {error ? (
        <Alert severity="error">Error loading products</Alert>
      ) : isPending ? (
        <Typography>Loading…</Typography>
      ) : (
        <Grid container spacing={2}>
          {data.map((p) => (
            <Grid key={p.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card sx={{ display: 'flex', height: '100%' }} data-testid="product-card">
                <CardMedia component="img" image={p.image} alt={p.name} sx={{ width: 140, objectFit: 'cover', flexShrink: 0 }} />
                <CardContent sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {p.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(p.createdAt)}
                    </Typography>
                  </Stack>
                  {p.status && p.status !== 'published' && <Chip size="small" label={p.status} color={p.status === 'rejected' ? 'error' : 'warning'} sx={{ alignSelf: 'flex-start', my: 0.5 }} />}
                  <Typography variant="body2" color="text.secondary" sx={{ my: 1, flex: 1 }}>
                    {truncate(p.description, 160)}...
                  </Typography>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                    <Button component={Link} to={adminPath(`/product/update/${p.id}`)} variant="contained" size="small">
                      Update Product
                    </Button>
                    <Typography sx={{ fontWeight: 600 }}>{formatPrice(p.price)}</Typography>
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {total > PER_PAGE && <Pagination sx={{ mt: 3 }} count={Math.ceil(total / PER_PAGE)} page={page} onChange={(_, p) => setPage(p)} />}
    </Box>
  );
}
