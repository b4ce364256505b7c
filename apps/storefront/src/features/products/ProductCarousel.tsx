import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { formatPrice, timeAgo, truncate } from '../../lib/format';
import type { Product } from '../../lib/models';
import { ProductImage } from '../../components/ProductImage';
import { StarRating } from '../../components/ui/StarRating';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_DESCRIPTION_LENGTH, CAROUSEL_SPEED_MS, nextPosition, settlePosition } from './carousel-logic';
import { useProductsTopQuery } from '../../lib/shop-api';

// Memoised: a move re-renders only the two slides whose `active` changes.
const Slide = memo(function Slide({ product, active }: { product: Product; active: boolean }) {
  return (
    <Box sx={{ flex: '0 0 100%', p: { xs: 1, md: 2 } }} aria-hidden={!active} role="group" aria-roledescription="slide" aria-label={product.name}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ width: { xs: '100%', md: '45%' }, borderRadius: 2, overflow: 'hidden' }}>
          <ProductImage product={product} sizes="(min-width: 900px) 45vw, 100vw" eager={active} />
        </Box>
        <Stack spacing={1} sx={{ flex: 1 }}>
          <Link component={RouterLink} to={`/product/${product._id}`} tabIndex={active ? 0 : -1} underline="hover" color="inherit">
            <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
              {product.name}
            </Typography>
          </Link>
          <Typography component="p" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
            {formatPrice(product.price)}
          </Typography>
          <Typography color="text.secondary">{truncate(product.description, CAROUSEL_DESCRIPTION_LENGTH)}</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1, pt: 1 }}>
            <Typography variant="body2">
              <strong>Brand:</strong> {product.brand}
            </Typography>
            <Typography variant="body2">
              <strong>Added:</strong> {timeAgo(product.createdAt)}
            </Typography>
            <Typography variant="body2">
              <strong>Reviews:</strong> {product.numReviews ?? 0}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">
                <strong>Rating:</strong> {Math.round(product.rating ?? 0)}
              </Typography>
              <StarRating value={Math.round(product.rating ?? 0)} size="small" />
            </Stack>
            <Typography variant="body2">
              <strong>Quantity:</strong> {product.quantity ?? product.countInStock}
            </Typography>
            <Typography variant="body2">
              <strong>In Stock:</strong> {product.countInStock}
            </Typography>
          </Box>
        </Stack>
      </Stack>
    </Box>
  );
});

/** Loops infinitely, one slide at a time, arrows, autoplay every 3000 ms with a 500 ms transition. */
export function ProductCarousel() {
  const { data, isLoading, error } = useProductsTopQuery({});
  // The slides render in the background (a transition, which yields to the browser) when they arrive.
  const shown = useDeferredValue(data);
  const products = shown ?? [];
  const count = products.length;
  const [position, setPosition] = useState(1);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const moving = useRef(false);

  const go = useCallback(
    (step: 1 | -1) => {
      if (moving.current || count < 2) return;
      moving.current = true;
      setAnimate(true);
      setPosition((p) => nextPosition(p, step, count));
    },
    [count],
  );

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => go(1), CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [go, paused, count]);

  useEffect(() => {
    if (!animate) {
      // Re-enable the transition on the frame after the silent jump.
      const id = requestAnimationFrame(() => requestAnimationFrame(() => setAnimate(true)));
      return () => cancelAnimationFrame(id);
    }
  }, [animate]);

  const onTransitionEnd = () => {
    moving.current = false;
    const settled = settlePosition(position, count);
    if (settled !== position) {
      setAnimate(false);
      setPosition(settled);
    }
  };

  if (isLoading || (data && !shown)) return <Skeleton variant="rounded" height={360} role="progressbar" aria-label="Loading featured products" />;
  if (error) return <Alert severity="error">{errorMessage(error, 'Failed to load products')}</Alert>;
  if (!count) return null;

  const track = count > 1 ? [products[count - 1], ...products, products[0]] : products;
  const offset = count > 1 ? position : 0;
  const realIndex = (settlePosition(position, count) - 1 + count) % count;

  return (
    <Paper
      component="section"
      aria-roledescription="carousel"
      aria-label="Featured products"
      variant="outlined"
      sx={{ position: 'relative', overflow: 'hidden', borderRadius: 3 }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Box
        data-testid="carousel-track"
        onTransitionEnd={onTransitionEnd}
        sx={{ display: 'flex' }}
        // Inline: a class per position would add a CSS rule on every move.
        style={{ transform: `translateX(-${offset * 100}%)`, transition: animate ? `transform ${CAROUSEL_SPEED_MS}ms ease` : 'none' }}
      >
        {track.map((p, i) => (
          <Slide key={`${p._id}-${i}`} product={p} active={count > 1 ? i === position : true} />
        ))}
      </Box>
      {count > 1 && (
        <>
          <IconButton
            aria-label="Previous product"
            onClick={() => go(-1)}
            sx={{
              position: 'absolute',
              top: '50%',
              left: 8,
              transform: 'translateY(-50%)',
              bgcolor: 'background.paper',
              boxShadow: 2,
              '&:hover': { bgcolor: 'background.paper' },
            }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label="Next product"
            onClick={() => go(1)}
            sx={{
              position: 'absolute',
              top: '50%',
              right: 8,
              transform: 'translateY(-50%)',
              bgcolor: 'background.paper',
              boxShadow: 2,
              '&:hover': { bgcolor: 'background.paper' },
            }}
          >
            <ChevronRightIcon />
          </IconButton>
          <Typography variant="caption" sx={{ position: 'absolute', bottom: 8, right: 16 }} aria-live="polite">
            {realIndex + 1} / {count}
          </Typography>
        </>
      )}
    </Paper>
  );
}
