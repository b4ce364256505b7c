import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CardProduct } from './ProductCard';
import { ShopProductGrid } from './ShopGrid';

export interface ShopNoResultsProps {
  /** The search's correction ("Did you mean …") when one finds products. */
  suggestion: string | null;
  /** Where the correction leads (the shop searching for it). */
  suggestionTo: string;
  /** Popular products, offered instead of a dead end. */
  popular: CardProduct[];
  /** Filters are on: offer to clear them. */
  onClearFilters?: () => void;
}

/**
 * The shop when nothing matched: the spec's 'No products found.', a "Did you mean …?" link that runs the
 * corrected search, a way out of the filters, and popular products to carry on from.
 */
export function ShopNoResults({ suggestion, suggestionTo, popular, onClearFilters }: ShopNoResultsProps) {
  const headingId = useId();
  return (
    <Box data-testid="shop-no-results">
      <Typography>No products found.</Typography>
      {suggestion && (
        <Typography sx={{ mt: 1 }} data-testid="search-suggestion">
          Did you mean{' '}
          <Link component={RouterLink} to={suggestionTo} sx={{ fontWeight: 700 }}>
            {suggestion}
          </Link>
          ?
        </Typography>
      )}
      {onClearFilters && (
        <Button variant="outlined" onClick={onClearFilters} sx={{ mt: 2 }}>
          Clear filters
        </Button>
      )}
      {popular.length > 0 && (
        <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            Popular products
          </Typography>
          <ShopProductGrid products={popular} testId="popular-grid" />
        </Box>
      )}
    </Box>
  );
}
