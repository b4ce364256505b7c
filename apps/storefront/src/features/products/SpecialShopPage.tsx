import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { PageHeader } from '../../components/ui/PageHeader';
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
      {isLoading ? <ProductSkeletonGrid /> : error ? <Alert severity="error">{errorMessage(error, 'Failed to load products')}</Alert> : <ProductGrid products={(data ?? []).slice(0, SPECIAL_PRODUCTS_COUNT)} />}
    </Container>
  );
}
