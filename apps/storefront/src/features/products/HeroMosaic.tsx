import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { useProductsTopQuery } from '../../lib/shop-api';
import { ProductImage } from '../../components/ProductImage';

/**
 * The hero's pictures: the top products (the carousel's own request, shared), three in a row on phones and a 2×2
 * mosaic beside the headline from md. Each cell keeps its square while the pictures load, so nothing shifts.
 */
export function HeroMosaic() {
  const { data } = useProductsTopQuery({});
  const products = (data ?? []).slice(0, 4);
  return (
    <Box
      data-testid="hero-mosaic"
      sx={{ display: 'grid', gap: { xs: 1.5, md: 2 }, gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {Array.from({ length: 4 }, (_, i) => {
        const product = products[i];
        return (
          <Box
            key={product?._id ?? i}
            sx={{
              borderRadius: 3,
              overflow: 'hidden',
              aspectRatio: '1 / 1',
              bgcolor: 'action.hover',
              boxShadow: 3,
              display: i === 3 ? { xs: 'none', md: 'block' } : 'block',
              transform: { md: i % 2 ? 'translateY(16px)' : 'none' },
            }}
          >
            {product && (
              <RouterLink to={`/product/${product._id}`} aria-label={product.name}>
                <ProductImage product={product} sizes="(min-width: 900px) 20vw, 33vw" eager={i < 2} />
              </RouterLink>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
