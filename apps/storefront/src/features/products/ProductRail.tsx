import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Product } from '../../lib/models';
import { useProductsNewestQuery, useProductsTopQuery } from '../../lib/shop-api';
import { ProductCard, ProductSkeletonCard } from './ProductCard';
import { VISUALLY_HIDDEN } from '../../components/ui/visually-hidden';
import { useNearViewport } from '../../lib/near-viewport';

const RAIL_SIZE = 8;

/** A rail's cells: fixed widths so that cards and their skeletons take the same room (no shift on arrival). */
const CELL = { flex: { xs: '0 0 70%', sm: '0 0 42%', md: '0 0 30%', lg: '0 0 23%' }, scrollSnapAlign: 'start', minWidth: 0 } as const;

function RailSkeleton() {
  return (
    <>
      {Array.from({ length: 4 }, (_, i) => (
        <Box key={i} sx={CELL}>
          <ProductSkeletonCard />
        </Box>
      ))}
    </>
  );
}

/**
 * A horizontal row of product cards under a heading, scrolled by swipe, wheel or keyboard (the row is a focusable
 * region), snapping card by card; it shows at every width, laptops included.
 */
function ProductRail({
  id,
  title,
  products,
  loading,
  more,
  sectionRef,
}: {
  id: string;
  title: string;
  products: Product[] | undefined;
  loading: boolean;
  more: string;
  sectionRef: RefObject<HTMLElement | null>;
}) {
  if (!loading && !products?.length) return null;
  return (
    <Box component="section" ref={sectionRef} aria-labelledby={id} data-testid={`rail-${id}`}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={id} component="h2" variant="h4" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button component={RouterLink} to={more} size="small">
          See all<Box component="span" sx={VISUALLY_HIDDEN}>{` ${title.toLowerCase()}`}</Box>
        </Button>
      </Stack>
      <Box
        role="region"
        aria-label={`${title} products`}
        tabIndex={0}
        aria-busy={loading || undefined}
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          pb: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {loading ? (
          <RailSkeleton />
        ) : (
          products?.map((p) => (
            <Box key={p._id} sx={CELL}>
              <ProductCard product={p} />
            </Box>
          ))
        )}
      </Box>
    </Box>
  );
}

// The rails are below the fold at every width: each asks for its products and renders its cards only as the
// visitor scrolls near it (the first load, and the server's render, show its heading and skeleton cards).

export function NewArrivalsRail() {
  const [ref, near] = useNearViewport<HTMLElement>();
  const { data, isLoading } = useProductsNewestQuery({ limit: RAIL_SIZE }, { skip: !near });
  return (
    <ProductRail
      sectionRef={ref}
      id="new-arrivals-title"
      title="New arrivals"
      products={data}
      loading={!near || isLoading}
      more="/shop?sort=newest"
    />
  );
}

export function TopRatedRail() {
  const [ref, near] = useNearViewport<HTMLElement>();
  const { data, isLoading } = useProductsTopQuery({ limit: RAIL_SIZE }, { skip: !near });
  return (
    <ProductRail sectionRef={ref} id="top-rated-title" title="Top rated" products={data} loading={!near || isLoading} more="/shop?sort=top_rated" />
  );
}
