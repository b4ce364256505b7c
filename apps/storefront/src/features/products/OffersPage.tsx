import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage } from '../../lib/api';
import { formatDate, formatPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import type { PublicCoupon } from '../../lib/models';
import { useCouponsListPublicQuery, useProductsOffersQuery } from '../../lib/shop-api';
import { ProductGrid, ProductSkeletonGrid } from './ProductCard';

export function couponLabel(c: PublicCoupon): string {
  return c.type === 'percent' ? `${c.value}% off` : `${formatPrice(c.value)} off`;
}

export default function OffersPage() {
  usePageMeta('Offers', 'Threadline deals: products on sale and coupon codes for your next order.');
  const products = useProductsOffersQuery({});
  const coupons = useCouponsListPublicQuery();
  return (
    <Container maxWidth="xl" sx={{ py: 4 }}>
      <PageHeader title="Deals and offers" subtitle="Products on sale and coupon codes you can use at checkout." />
      {!!coupons.data?.length && (
        <Box component="section" aria-labelledby="coupons-title" sx={{ mb: 5 }}>
          <Typography id="coupons-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
            Coupon codes
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
            {coupons.data.map((c) => (
              <Paper key={c.code} variant="outlined" sx={{ p: 2.5, borderRadius: 3, borderStyle: 'dashed' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <LocalOfferIcon color="primary" aria-hidden />
                  <Typography sx={{ fontWeight: 800, fontFamily: 'ui-monospace, monospace', letterSpacing: 1 }}>{c.code}</Typography>
                </Stack>
                <Typography sx={{ mt: 1, fontWeight: 600 }}>{couponLabel(c)}</Typography>
                {c.description && <Typography color="text.secondary">{c.description}</Typography>}
                {!!c.minSubtotal && (
                  <Typography variant="body2" color="text.secondary">
                    On orders from {formatPrice(c.minSubtotal)}
                  </Typography>
                )}
                {c.endsAt && (
                  <Typography variant="body2" color="text.secondary">
                    Until {formatDate(c.endsAt)}
                  </Typography>
                )}
              </Paper>
            ))}
          </Box>
        </Box>
      )}
      <Box component="section" aria-labelledby="sale-title">
        <Typography id="sale-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          On sale
        </Typography>
        {products.isLoading ? (
          <ProductSkeletonGrid />
        ) : products.error ? (
          <Alert severity="error">{errorMessage(products.error, 'Failed to load products')}</Alert>
        ) : products.data?.length ? (
          <ProductGrid products={products.data} />
        ) : (
          <Typography color="text.secondary">No products are on sale right now. Check back soon.</Typography>
        )}
      </Box>
    </Container>
  );
}
