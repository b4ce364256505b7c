import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { ProductCard, ProductSkeletonCard, type CardProduct } from './ProductCard';
import { SKELETON_CARDS } from './shop-filters';

/**
 * The shop's grid: two columns on phones, three from md, four from xl. On phones the cards are made compact by
 * CSS (less padding) so that two fit side by side at 390 px and at 320 px, each with its price beside its cart button.
 */
const GRID = {
  display: 'grid',
  gap: { xs: 1.5, sm: 3 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
} satisfies SxProps<Theme>;

const gridWithCompactCards: SxProps<Theme> = (theme) => ({
  ...GRID,
  [theme.breakpoints.down('sm')]: {
    '& .MuiCardContent-root': { p: 1.25 },
    '& .MuiCardContent-root .MuiStack-root': { flexWrap: 'wrap', rowGap: 0.25 },
    // The price and cart button row under the card's link (side by side: ProductCard lays it out).
    '& [data-card-footer]': { px: 1.25, pb: 1.25 },
  },
});

/** The image's width in GRID's columns: two on phones, three beside the filter panel from md, four from xl. */
const GRID_IMAGE_SIZES = '(min-width: 1536px) 20vw, (min-width: 900px) 25vw, 50vw';
/** Cards on the first screen at any width: their images load at once, the first row's first. */
const FIRST_SCREEN_CARDS = 4;

export function ShopProductGrid({ products, testId = 'shop-grid' }: { products: CardProduct[]; testId?: string }) {
  return (
    <Box sx={gridWithCompactCards} data-testid={testId}>
      {products.map((p, i) => (
        <ProductCard key={p._id} product={p} sizes={GRID_IMAGE_SIZES} eager={i < FIRST_SCREEN_CARDS} priority={i < 2} />
      ))}
    </Box>
  );
}

/** The loading skeleton (6 cards), in the same columns as the grid so nothing moves when the cards arrive. */
export function ShopSkeletonGrid({ count = SKELETON_CARDS }: { count?: number }) {
  return (
    <Box sx={GRID} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <ProductSkeletonCard key={i} compact />
      ))}
    </Box>
  );
}
