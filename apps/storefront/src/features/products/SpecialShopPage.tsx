import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/ui/PageHeader';
import { VISUALLY_HIDDEN } from '../../components/ui/visually-hidden';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/meta';
import { ProductGrid, ProductSkeletonGrid } from './ProductCard';
import { useProductsSpecialQuery } from '../../lib/shop-api';

/** The special products showcase: 7 products, each with Add to Cart and a link. */
export const SPECIAL_PRODUCTS_COUNT = 7;

export default function SpecialShopPage() {
  usePageMeta('Special Products', 'Exclusive Threadline products, picked by our team.');
  const { data, isLoading, error } = useProductsSpecialQuery();
  return (
    <Container maxWidth="xl" sx={{ py: 4 }}>
      <PageHeader title="Special Products" subtitle="Seven exclusive pieces our team picked this season." />
      {/* The cards' names are h3: a heading between them and the h1 keeps the levels in order. */}
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        This season&apos;s picks
      </Typography>
      {isLoading ? (
        <ProductSkeletonGrid />
      ) : error ? (
        <Alert severity="error">{errorMessage(error, 'Failed to load products')}</Alert>
      ) : (
        <ProductGrid products={(data ?? []).slice(0, SPECIAL_PRODUCTS_COUNT)} />
      )}
    </Container>
  );
}
