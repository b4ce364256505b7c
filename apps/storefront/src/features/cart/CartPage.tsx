import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { PageHeader } from '../../components/ui/PageHeader';
import { QuantityInput } from '../../components/ui/QuantityInput';
import { formatPrice } from '../../lib/format';
import { PLACEHOLDER_IMAGE, thumbnailSrcSet } from '../../lib/images';
import { usePageMeta } from '../../lib/meta';
import { cartCount, cartLineTotal, cartSubtotal } from '../../lib/cart/cart-logic';
import { removeFromCartAndSync, setQuantityAndSync } from '../../lib/cart/cart-thunks';

export default function CartPage() {
  usePageMeta('Shopping Cart', 'Review the items in your Threadline cart and check out.');
  const items = useAppSelector((s) => s.cart.items);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const count = cartCount(items);

  if (!items.length)
    return (
      <Container maxWidth="md" sx={{ py: 8, textAlign: 'center' }}>
        <PageHeader title="Your cart is empty" subtitle="Find something you love in the shop." />
        <Button component={RouterLink} to="/shop" variant="contained">
          Go to the shop
        </Button>
      </Container>
    );

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="Shopping Cart" subtitle={`${count} item${count === 1 ? '' : 's'} in your cart`} />
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Cart items">
          {items.map((item) => (
            <Paper
              component="li"
              key={item.key}
              variant="outlined"
              sx={{ p: 2, borderRadius: 3, display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 2, alignItems: 'center' }}
              data-testid="cart-line"
            >
              <Box
                component="img"
                src={item.image || PLACEHOLDER_IMAGE}
                srcSet={thumbnailSrcSet(item.image)}
                sizes="96px"
                alt={item.name}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 2 }}
              />
              {/* On a phone the quantity, line total and remove button go on a row of their own. */}
              <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 112px)', sm: 0 } }}>
                <Link component={RouterLink} to={`/product/${item.productId}`} sx={{ fontWeight: 600 }}>
                  {item.name}
                </Link>
                {(item.size || item.colour) && (
                  <Typography variant="body2" color="text.secondary">
                    {[item.size && `Size ${item.size}`, item.colour].filter(Boolean).join(' · ')}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {formatPrice(item.price)} each
                </Typography>
              </Box>
              <QuantityInput
                value={item.quantity}
                onChange={(q) => void dispatch(setQuantityAndSync(item.key, q))}
                max={item.countInStock ?? 99}
                itemName={item.name}
              />
              <Typography color="primary" sx={{ fontWeight: 700, minWidth: 88, textAlign: 'right' }} data-testid="cart-line-total">
                {formatPrice(cartLineTotal(item))}
              </Typography>
              <IconButton aria-label={`Remove ${item.name} from cart`} onClick={() => void dispatch(removeFromCartAndSync(item.key))}>
                <DeleteIcon />
              </IconButton>
            </Paper>
          ))}
        </Stack>
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Order summary
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
            <Typography>Items ({count})</Typography>
            <Typography>{formatPrice(cartSubtotal(items))}</Typography>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Typography>Shipping</Typography>
            <Typography>Free</Typography>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>Subtotal</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="cart-subtotal">
              {formatPrice(cartSubtotal(items))}
            </Typography>
          </Stack>
          <Button fullWidth variant="contained" size="large" sx={{ mt: 3 }} onClick={() => navigate('/checkout')}>
            Proceed to checkout
          </Button>
        </Paper>
      </Box>
    </Container>
  );
}
