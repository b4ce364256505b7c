import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { StarRating } from '../../components/ui/StarRating';
import { formatPrice } from '../../lib/format';
import type { Product } from '../../lib/models';
import { MESSAGES } from '../../lib/validation';
import { AddedNote, useAddedNote } from '../../components/AddedNote';
import { ProductImage } from '../../components/ProductImage';
import { useAddToCart } from '../../lib/cart/use-add-to-cart';
import { HeartButton } from '../../components/HeartButton';
import { toFavorite } from '../../lib/favorites/favorites-thunks';
import { SKELETON_CARDS } from './shop-filters';

/** The card's cart button: a 40 px round icon on phones (beside the price), a full-width labelled button from sm. */
const CARD_ACTION = {
  minWidth: { xs: 40, sm: 64 },
  width: { xs: 40, sm: '100%' },
  height: { xs: 40, sm: 'auto' },
  px: { xs: 0, sm: 2 },
  borderRadius: { xs: '50%', sm: 1 },
} as const;

const CARD_SIZES = '(min-width: 1200px) 25vw, (min-width: 600px) 50vw, 100vw';

/**
 * Image, name, price with '$' and the heart, linking to /product/{id}. `sizes` is the image's width in the
 * grid that shows the card; `eager` and `priority` as for ProductImage, for the cards on the first screen.
 */
/** What a card shows: the card fields of a product (a full product, or a search hit). */
export type CardProduct = Pick<
  Product,
  '_id' | 'name' | 'brand' | 'price' | 'compareAtPrice' | 'image' | 'images' | 'rating' | 'numReviews' | 'countInStock' | 'variants'
>;

function ProductCardView({
  product,
  showAddToCart = true,
  sizes = CARD_SIZES,
  eager,
  priority,
}: {
  product: CardProduct;
  showAddToCart?: boolean;
  sizes?: string;
  eager?: boolean;
  priority?: boolean;
}) {
  const addToCart = useAddToCart('shop');
  const [added, settleAdd] = useAddedNote();
  const hasVariants = !!product.variants?.length;
  const onSale = product.compareAtPrice && product.compareAtPrice > product.price;
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        transition: 'transform .15s',
        '&:hover': { transform: 'translateY(-2px)' },
      }}
      data-testid="product-card"
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}>
        <HeartButton product={toFavorite(product)} size="small" />
      </Box>
      {onSale && <Chip label="Sale" color="primary" size="small" sx={{ position: 'absolute', top: 12, left: 12, zIndex: 1 }} />}
      <CardActionArea
        component={RouterLink}
        to={`/product/${product._id}`}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <ProductImage product={product} sizes={sizes} eager={eager} priority={priority} />
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {product.brand}
          </Typography>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap title={product.name}>
            {product.name}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
            <StarRating value={product.rating ?? 0} precision={0.5} size="small" label={`Rated ${(product.rating ?? 0).toFixed(1)} out of 5`} />
            <Typography variant="caption" color="text.secondary">
              ({product.numReviews ?? 0})
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
      <Box data-card-footer sx={{ px: 2, pb: 2 }}>
        {/*
          The price and the cart action share one row on phones (the button shrinks to its icon, keeping its name),
          so neither sits under nor over the other; from sm the button takes its own full-width row under the price.
        */}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', sm: 'column' },
            alignItems: { xs: 'center', sm: 'stretch' },
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Box
            data-testid="card-price"
            sx={{
              minWidth: 0,
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'flex-start', sm: 'baseline' },
              columnGap: 1,
            }}
          >
            <Typography sx={{ fontWeight: 700, fontSize: { xs: '0.9375rem', sm: '1rem' }, whiteSpace: 'nowrap' }} color="primary">
              {formatPrice(product.price)}
            </Typography>
            {onSale && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ textDecoration: 'line-through', whiteSpace: 'nowrap', fontSize: { xs: '0.75rem', sm: '0.875rem' } }}
              >
                {formatPrice(product.compareAtPrice)}
              </Typography>
            )}
          </Box>
          {showAddToCart && (
            <Box data-testid="card-cart-action" sx={{ flex: '0 0 auto', display: 'flex' }}>
              {hasVariants ? (
                <Button
                  variant="outlined"
                  component={RouterLink}
                  to={`/product/${product._id}`}
                  aria-label="Choose size"
                  title="Choose size"
                  sx={CARD_ACTION}
                  fullWidth
                >
                  <TuneIcon sx={{ display: { xs: 'block', sm: 'none' } }} fontSize="small" />
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    Choose size
                  </Box>
                </Button>
              ) : (
                <Button
                  variant="contained"
                  aria-label={product.countInStock <= 0 ? MESSAGES.outOfStock : 'Add to Cart'}
                  title={product.countInStock <= 0 ? MESSAGES.outOfStock : 'Add to Cart'}
                  disabled={product.countInStock <= 0}
                  onClick={() => void addToCart(product).then(settleAdd)}
                  sx={CARD_ACTION}
                  fullWidth
                >
                  <AddShoppingCartIcon fontSize="small" sx={{ mr: { xs: 0, sm: 1 } }} />
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    {product.countInStock <= 0 ? MESSAGES.outOfStock : 'Add to Cart'}
                  </Box>
                </Button>
              )}
            </Box>
          )}
        </Box>
        {showAddToCart && !hasVariants && <AddedNote shown={added} from="shop" />}
      </Box>
    </Card>
  );
}

/** Memoised: a list that renders again (a query's state changing, a filter ticked) leaves unchanged cards alone. */
export const ProductCard = memo(ProductCardView);

/** A product card's shape while its product loads: the square image, brand, name and price lines. */
/** A card's shape while its product loads; `compact` matches the shop grid's phone padding. */
export function ProductSkeletonCard({ compact = false }: { compact?: boolean }) {
  return (
    <Card variant="outlined" data-testid="product-skeleton">
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
      <CardContent sx={compact ? { p: { xs: 1.5, sm: 2 } } : undefined}>
        <Skeleton width="40%" />
        <Skeleton width="80%" />
        <Skeleton width="30%" />
      </CardContent>
    </Card>
  );
}

export function ProductSkeletonGrid({ count = SKELETON_CARDS }: { count?: number }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
      aria-busy="true"
      aria-label="Loading products"
    >
      {Array.from({ length: count }, (_, i) => (
        <ProductSkeletonCard key={i} />
      ))}
    </Box>
  );
}

export function ProductGrid({ products, showAddToCart }: { products: Product[]; showAddToCart?: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } }}>
      {products.map((p) => (
        <ProductCard key={p._id} product={p} showAddToCart={showAddToCart} />
      ))}
    </Box>
  );
}
