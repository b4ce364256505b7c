import Box from '@mui/material/Box';
import type { SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE, productSrcSet, thumbnailSrcSet } from '../lib/images';
import type { Product } from '../lib/models';

/** images is optional: the favourites page passes a FavoriteProduct, which may have no thumbnails. */
/** `eager`: on the first screen (loaded at once, not when scrolled to); `priority`: likely the page's largest paint. */
export function ProductImage({
  product,
  sizes,
  eager,
  priority,
}: {
  product: Pick<Product, 'image' | 'name'> & Partial<Pick<Product, 'images'>>;
  sizes: string;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <Box
      component="img"
      src={product.image || PLACEHOLDER_IMAGE}
      srcSet={productSrcSet(product) ?? thumbnailSrcSet(product.image)}
      sizes={sizes}
      alt={product.name}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      sx={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }}
      onError={(e: SyntheticEvent<HTMLImageElement>) => {
        e.currentTarget.srcset = '';
        e.currentTarget.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}
