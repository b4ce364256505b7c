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
import { useAddToCart } from '../../lib/cart/use-add-to-cart';
import { HeartButton } from '../../components/HeartButton';
import { toFavorite } from '../../lib/favorites/favorites-thunks';
import { ProductGrid } from './ProductCard';
import { MAIN_IMAGE_SIZES, mainImage } from './product-image';
import { ReviewForm } from './ReviewForm';
import { StickyAddToCart } from './StickyAddToCart';
import { AddedNote, useAddedNote } from '../../components/AddedNote';
import { useProductsGetQuery, useProductsSimilarQuery } from '../../lib/shop-api';
import {
  choiceProblem,
  colourImage,
  colourOptions,
  findVariant,
  initialChoice,
  sizeOptions,
  type VariantChoice,
  type VariantOption,
} from './variant-logic';

/**
 * The main picture and the thumbnails. A chosen colour shows its own picture: the thumbnail that is that picture
 * when the product lists it, else the colour's picture in the main place.
 */
function Gallery({ product, colourPicture }: { product: Product; colourPicture?: string }) {
  const images = useMemo(() => [product.image, ...(product.additionalImages ?? [])].filter(Boolean), [product]);
  // The index of the picture shown: -1 is the colour's own picture when it is none of the product's.
  const colourIndex = (picture: string | undefined) => (picture ? (images.includes(picture) ? images.indexOf(picture) : -1) : 0);
  const [current, setCurrent] = useState(() => colourIndex(colourPicture));
  // The colour's picture replaces the one shown until a thumbnail is clicked.
  const [shownColour, setShownColour] = useState<string | undefined>(colourPicture);
  if (shownColour !== colourPicture) {
    // A newly chosen colour: derived during render (no flash of the previous picture).
    setShownColour(colourPicture);
    if (colourPicture) setCurrent(colourIndex(colourPicture));
  }
  const main =
    current === 0
      ? mainImage(product)
      : current > 0
        ? { src: images[current], srcSet: thumbnailSrcSet(images[current]) }
        : { src: colourPicture ?? images[0], srcSet: thumbnailSrcSet(colourPicture ?? images[0]) };
  const { src, srcSet } = main;
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
        data-testid="product-main-image"
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
                sx={{
                  p: 0,
                  border: 2,
                  borderColor: i === current ? 'primary.main' : 'transparent',
                  borderRadius: 2,
                  overflow: 'hidden',
                  cursor: 'pointer',
                  width: 72,
                  height: 72,
                  bgcolor: 'transparent',
                  display: 'block',
                }}
              >
                <Box
                  component="img"
                  src={img}
                  srcSet={thumbnailSrcSet(img)}
                  sizes="72px"
                  alt=""
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Box>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A crossed-out option stays readable (contrast as body text): only its line says it can't be bought. */
const CROSSED_OUT = { textDecoration: 'line-through', '&.Mui-disabled': { color: 'text.secondary', borderColor: 'divider' } } as const;

/** What a size or colour button says to assistive technology: its name, and why it is crossed out. */
function optionLabel(kind: 'Size' | 'Colour', option: VariantOption, other?: string): string {
  if (option.status === 'soldOut') return `${kind} ${option.value}, sold out`;
  if (option.status === 'unavailable') return `${kind} ${option.value}, not available in ${other}`;
  return `${kind} ${option.value}`;
}

/** The sizes or the colours of a product as toggle buttons: sold-out ones crossed out and disabled. */
function OptionPicker({
  kind,
  options,
  value,
  other,
  onChoose,
}: {
  kind: 'Size' | 'Colour';
  options: VariantOption[];
  value?: string;
  other?: string;
  onChoose: (value: string) => void;
}) {
  const labelId = kind === 'Size' ? 'size-label' : 'colour-label';
  return (
    <Box>
      <Typography id={labelId} sx={{ fontWeight: 600, mb: 1 }}>
        {kind}
        {value && (
          <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
            {`: ${value}`}
          </Typography>
        )}
      </Typography>
      {/* A click on the chosen option keeps it chosen (null): a choice is changed by choosing another. */}
      <ToggleButtonGroup
        exclusive
        value={value ?? null}
        onChange={(_, v: string | null) => v !== null && onChoose(v)}
        aria-labelledby={labelId}
        sx={{ flexWrap: 'wrap' }}
      >
        {options.map((o) => (
          <ToggleButton
            key={o.value}
            value={o.value}
            aria-label={optionLabel(kind, o, other)}
            title={o.status === 'soldOut' ? 'Sold out' : o.status === 'unavailable' ? `Not available in ${other}` : undefined}
            disabled={o.status === 'soldOut'}
            data-status={o.status}
            sx={o.status === 'available' ? undefined : CROSSED_OUT}
          >
            {o.value}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, error } = useProductsGetQuery({ id });
  // Below the fold: rendered in the background (a transition, which yields to the browser) when it arrives.
  const similar = useDeferredValue(useProductsSimilarQuery({ id }, { skip: !product }).data);
  // No such product: the page says so, and the server answers it with 404.
  const missing = !product && (error as { status?: unknown } | undefined)?.status === 404;
  usePageMeta(
    product?.name ?? (missing ? 'Product not found' : 'Product'),
    product ? `${product.name} by ${product.brand}: ${product.description.slice(0, 150)}` : 'Product details at Threadline.',
    { notFound: missing },
  );
  const addToCart = useAddToCart('product');
  const [added, settleAdd] = useAddedNote();
  const [quantity, setQuantity] = useState(1);
  // The shopper's choice for this product; until there is one, the product's only size or colour (initialChoice).
  const [picked, setPicked] = useState<VariantChoice & { productId?: string }>({});

  const variants = product?.variants ?? [];
  const choice: VariantChoice = product && picked.productId === product._id ? picked : initialChoice(variants);
  const { size, colour } = choice;
  const choose = (next: VariantChoice) => product && setPicked({ ...choice, ...next, productId: product._id });
  const sizes = sizeOptions(variants, colour);
  const colours = colourOptions(variants, size);
  useEffect(() => {
    setQuantity(1);
  }, [id]);

  // A failed answer stays shown while it is asked again (the server's render asks again as it reads it).
  if (isLoading && !error)
    return (
      // The page's layout, the image first: on a prerendered page, product-boot.js puts the image in its place.
      <Container maxWidth="lg" sx={{ py: 4 }} aria-busy="true">
        <Skeleton width={220} sx={{ mb: 2 }} />
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Skeleton
            variant="rounded"
            data-slot="product-image"
            data-sizes={MAIN_IMAGE_SIZES}
            sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: 3 }}
          />
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
  const allChosen = (!needsSize || !!size) && (!needsColour || !!colour);
  const chosen = !variants.length || !!variant;
  // A chosen size and colour that don't go together: why, and what does.
  const problem = choiceProblem(variants, choice);
  const stock = variants.length ? (variant ? variant.countInStock : product.countInStock) : product.countInStock;
  const price = variant?.price ?? product.price;
  const outOfStock = stock <= 0;
  const buttonLabel = outOfStock ? MESSAGES.outOfStock : chosen ? 'Add to Cart' : allChosen ? 'Not available' : 'Choose options';
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
        <Gallery key={product._id} product={product} colourPicture={colourImage(variants, colour)} />
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
          <Chip
            label={outOfStock ? MESSAGES.outOfStock : `In Stock (${stock})`}
            color={outOfStock ? 'default' : 'success'}
            sx={{ alignSelf: 'flex-start' }}
          />
          <Typography sx={{ whiteSpace: 'pre-line' }}>{product.description}</Typography>
          {needsSize && <OptionPicker kind="Size" options={sizes} value={size} other={colour} onChoose={(v) => choose({ size: v })} />}
          {needsColour && (
            <OptionPicker kind="Colour" options={colours} value={colour} other={size && `size ${size}`} onChoose={(v) => choose({ colour: v })} />
          )}
          {problem && (
            <Alert severity="info" role="status" data-testid="variant-problem">
              {problem}
            </Alert>
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
              {buttonLabel}
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
            {(product.reviews ?? []).length === 0 && (
              <Typography color="text.secondary">No reviews yet. Be the first to review this product.</Typography>
            )}
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
      <StickyAddToCart
        name={product.name}
        price={price}
        label={buttonLabel}
        disabled={outOfStock || !chosen}
        onAdd={() => void addToCart(product, shownQuantity, variant).then(settleAdd)}
      />
    </Container>
  );
}
