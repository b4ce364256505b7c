import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { QuantityInput } from '../../components/ui/QuantityInput';
import { StarRating } from '../../components/ui/StarRating';
import { errorMessage } from '../../lib/api';
import { formatDate, formatPrice } from '../../lib/format';
import { thumbnailSrcSet } from '../../lib/images';
import { usePageMeta } from '../../lib/meta';
import type { Product } from '../../lib/models';
import { MESSAGES } from '../../lib/validation';
import { useAddToCart } from '../cart/use-add-to-cart';
import { HeartButton } from '../favorites/HeartButton';
import { toFavorite } from '../favorites/favorites-thunks';
import { ProductGrid } from './ProductCard';
import { MAIN_IMAGE_SIZES, mainImage } from './product-image';
import { ReviewForm } from './ReviewForm';
import { StickyAddToCart } from './StickyAddToCart';
import { AddedNote, useAddedNote } from '../cart/AddedNote';
import { useProductsGetQuery, useProductsSimilarQuery } from '../../lib/shop-api';
import { coloursOf, findVariant, sizesOf } from './variant-logic';

function Gallery({ product }: { product: Product }) {
  const images = useMemo(() => [product.image, ...(product.additionalImages ?? [])].filter(Boolean), [product]);
  const [current, setCurrent] = useState(0);
  useEffect(() => setCurrent(0), [product._id]);
  const { src, srcSet } = current === 0 ? mainImage(product) : { src: images[current], srcSet: thumbnailSrcSet(images[current]) };
  return (
    <Stack spacing={1.5}>
      {/* The page's largest paint: fetched first, never lazily. */}
      <Box
        component="img"
        src={src}
        srcSet={srcSet}
        sizes={MAIN_IMAGE_SIZES}
        alt={product.name}
        width={800}
        height={800}
        loading="eager"
        fetchPriority="high"
        sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: 3, bgcolor: 'action.hover' }}
      />
      {images.length > 1 && (
        <Stack component="ul" direction="row" spacing={1} aria-label="Product images" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {images.map((img, i) => (
            <li key={img + i}>
              <Box
                component="button"
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === current}
                onClick={() => setCurrent(i)}
                sx={{ p: 0, border: 2, borderColor: i === current ? 'primary.main' : 'transparent', borderRadius: 2, overflow: 'hidden', cursor: 'pointer', width: 72, height: 72, bgcolor: 'transparent', display: 'block' }}
              >
                <Box component="img" src={img} srcSet={thumbnailSrcSet(img)} sizes="72px" alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
              </Box>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, error } = useProductsGetQuery({ id });
  // Below the fold: rendered in the background (a transition, which yields to the browser) when it arrives.
  const similar = useDeferredValue(useProductsSimilarQuery({ id }, { skip: !product }).data);
  // No such product: the page says so, and the server answers it with 404.
  const missing = !product && (error as { status?: unknown } | undefined)?.status === 404;
  usePageMeta(product?.name ?? (missing ? 'Product not found' : 'Product'), product ? `${product.name} by ${product.brand}: ${product.description.slice(0, 150)}` : 'Product details at Threadline.', { notFound: missing });
  const addToCart = useAddToCart('product');
  const [added, settleAdd] = useAddedNote();
  const [quantity, setQuantity] = useState(1);
  const [size, setSize] = useState<string | undefined>();
  const [colour, setColour] = useState<string | undefined>();

  const variants = product?.variants ?? [];
  const sizes = sizesOf(variants);
  const colours = coloursOf(variants, size);
  useEffect(() => {
    setSize(undefined);
    setColour(undefined);
    setQuantity(1);
  }, [id]);

  // A failed answer stays shown while it is asked again (the server's render asks again as it reads it).
  if (isLoading && !error)
    return (
      // The page's layout, the image first: on a prerendered page, product-boot.js puts the image in its place.
      <Container maxWidth="lg" sx={{ py: 4 }} aria-busy="true">
        <Skeleton width={220} sx={{ mb: 2 }} />
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Skeleton variant="rounded" data-slot="product-image" data-sizes={MAIN_IMAGE_SIZES} sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: 3 }} />
          <Stack spacing={2}>
            <Skeleton width="30%" />
            <Skeleton variant="rounded" height={40} />
            <Skeleton width="50%" />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        </Box>
      </Container>
    );
  if (error || !product)
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Alert severity="error">Error: {errorMessage(error, 'Product not found')}</Alert>
      </Container>
    );

  const needsSize = sizes.length > 0;
  const needsColour = colours.length > 0;
  const variant = variants.length ? findVariant(variants, needsSize ? size : undefined, needsColour ? colour : undefined) : undefined;
  const chosen = !variants.length || !!variant;
  const stock = variants.length ? (variant ? variant.countInStock : product.countInStock) : product.countInStock;
  const price = variant?.price ?? product.price;
  const outOfStock = stock <= 0;
  // Choosing a variant with less stock lowers the chosen quantity to it.
  const shownQuantity = Math.min(quantity, Math.max(1, stock));
  const specifications = Object.entries(product.specifications ?? {});

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/" color="inherit">
          Home
        </Link>
        <Link component={RouterLink} to="/shop" color="inherit">
          Shop
        </Link>
        <Typography color="text.primary">{product.name}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Gallery product={product} />
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box>
              <Typography color="text.secondary">{product.brand}</Typography>
              <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
                {product.name}
              </Typography>
            </Box>
            <HeartButton product={toFavorite(product)} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StarRating value={product.rating ?? 0} precision={0.5} label={`Average rating ${(product.rating ?? 0).toFixed(1)} out of 5`} />
            <Typography color="text.secondary">
              {(product.rating ?? 0).toFixed(1)} · {product.numReviews ?? 0} review{product.numReviews === 1 ? '' : 's'}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
            <Typography component="p" variant="h4" color="primary" sx={{ fontWeight: 800 }} data-testid="product-price">
              {formatPrice(price)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              USD
            </Typography>
            {product.compareAtPrice && product.compareAtPrice > price && (
              <Typography color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                {formatPrice(product.compareAtPrice)}
              </Typography>
            )}
          </Stack>
          <Chip label={outOfStock ? MESSAGES.outOfStock : `In Stock (${stock})`} color={outOfStock ? 'default' : 'success'} sx={{ alignSelf: 'flex-start' }} />
          <Typography sx={{ whiteSpace: 'pre-line' }}>{product.description}</Typography>
          {needsSize && (
            <Box>
              <Typography id="size-label" sx={{ fontWeight: 600, mb: 1 }}>
                Size
              </Typography>
              <ToggleButtonGroup exclusive value={size ?? null} onChange={(_, v: string | null) => { setSize(v ?? undefined); setColour(undefined); }} aria-labelledby="size-label">
                {sizes.map((s) => (
                  <ToggleButton key={s} value={s} aria-label={`Size ${s}`}>
                    {s}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          )}
          {needsColour && (
            <Box>
              <Typography id="colour-label" sx={{ fontWeight: 600, mb: 1 }}>
                Colour
              </Typography>
              <ToggleButtonGroup exclusive value={colour ?? null} onChange={(_, v: string | null) => setColour(v ?? undefined)} aria-labelledby="colour-label">
                {colours.map((c) => (
                  <ToggleButton key={c} value={c} aria-label={`Colour ${c}`}>
                    {c}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <QuantityInput value={shownQuantity} onChange={setQuantity} max={stock} disabled={outOfStock} />
            <Button
              variant="contained"
              size="large"
              startIcon={<AddShoppingCartIcon />}
              disabled={outOfStock || !chosen}
              onClick={() => void addToCart(product, shownQuantity, variant).then(settleAdd)}
            >
              {outOfStock ? MESSAGES.outOfStock : !chosen ? 'Choose options' : 'Add to Cart'}
            </Button>
          </Stack>
          <AddedNote shown={added} from="product" />
          <Divider />
          <Box component="section" aria-labelledby="spec-title">
            <Typography id="spec-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              Specifications
            </Typography>
            <Table size="small" aria-labelledby="spec-title">
              <TableBody>
                <TableRow>
                  <TableCell component="th" scope="row">
                    Brand
                  </TableCell>
                  <TableCell>{product.brand}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th" scope="row">
                    Category
                  </TableCell>
                  <TableCell>
                    {product.category ? (
                      <Link component={RouterLink} to={`/shop/${product.category._id}`}>
                        {product.category.name}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
                {specifications.map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell component="th" scope="row" sx={{ textTransform: 'capitalize' }}>
                      {k}
                    </TableCell>
                    <TableCell>{String(v)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="reviews-title" sx={{ mt: 6 }}>
        <Typography id="reviews-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Customer reviews
        </Typography>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
          <Stack spacing={2}>
            {(product.reviews ?? []).length === 0 && <Typography color="text.secondary">No reviews yet. Be the first to review this product.</Typography>}
            {(product.reviews ?? []).map((r) => (
              <Paper key={r._id} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
                  {r.verifiedPurchase && <Chip size="small" label="Verified purchase" color="success" variant="outlined" />}
                  <Box sx={{ flexGrow: 1 }} />
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(r.createdAt)}
                  </Typography>
                </Stack>
                <StarRating value={r.rating} size="small" label={`${r.rating} out of 5 stars`} />
                <Typography sx={{ whiteSpace: 'pre-line' }}>{r.comment}</Typography>
              </Paper>
            ))}
          </Stack>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 2, alignSelf: 'start' }}>
            <ReviewForm productId={product._id} />
          </Paper>
        </Box>
      </Box>

      {!!similar?.length && (
        <Box component="section" aria-labelledby="similar-title" sx={{ mt: 6 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography id="similar-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
              Similar products
            </Typography>
            {product.category && (
              <Link component={RouterLink} to={`/shop/${product.category._id}`}>
                More in {product.category.name}
              </Link>
            )}
          </Stack>
          <ProductGrid products={similar.slice(0, 4)} />
        </Box>
      )}
      <StickyAddToCart name={product.name} price={price} label={outOfStock ? MESSAGES.outOfStock : !chosen ? 'Choose options' : 'Add to Cart'} disabled={outOfStock || !chosen} onAdd={() => void addToCart(product, shownQuantity, variant).then(settleAdd)} />
    </Container>
  );
}
