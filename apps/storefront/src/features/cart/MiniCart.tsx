import CloseIcon from '@mui/icons-material/Close';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../lib/store-hooks';
import { formatPrice } from '../../lib/format';
import { Thumbnail } from '../../components/ui/Thumbnail';
import { cartCount, cartLineTotal, cartSubtotal, type CartItem } from '../../lib/cart/cart-logic';

export const MINI_CART_ID = 'mini-cart';
const TITLE_ID = 'mini-cart-title';

/** Where the mini-cart's Checkout goes: /checkout, behind the spec's protected wrapper (guests sign in first). */
export function checkoutPath(signedIn: boolean): string {
  return signedIn ? '/checkout' : `/login?redirect=${encodeURIComponent('/checkout')}`;
}

function variantText(item: CartItem): string {
  return [item.size && `Size ${item.size}`, item.colour].filter(Boolean).join(' · ');
}

function Line({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const variant = variantText(item);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1.5 }} data-testid="mini-cart-line">
      <Thumbnail image={item.image} size={64} radius={1.5} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/product/${item.productId}`}
          onClick={onNavigate}
          sx={{ fontWeight: 600, display: 'block' }}
          data-testid="mini-cart-line-name"
        >
          {item.name}
        </Link>
        {variant && (
          <Typography variant="body2" color="text.secondary">
            {variant}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="mini-cart-line-quantity">
          Qty {item.quantity} × {formatPrice(item.price)}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="mini-cart-line-total">
        {formatPrice(cartLineTotal(item))}
      </Typography>
    </Box>
  );
}

/**
 * The header's slide-out mini-cart: a dialog named "Shopping cart" from the right with the cart's lines (image,
 * name, variant, quantity, line total), the subtotal, Checkout and a link to the full cart. Loaded on first opening.
 */
export default function MiniCart({ open, onClose }: { open: boolean; onClose: () => void }) {
  const items = useAppSelector((s) => s.cart.items);
  const signedIn = useAppSelector((s) => !!s.session.userInfo);
  const navigate = useNavigate();
  const count = cartCount(items);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id: MINI_CART_ID,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': TITLE_ID,
          sx: { width: { xs: '100%', sm: 420 }, maxWidth: '100%', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5 }}>
        <Box>
          <Typography component="h2" variant="h6" id={TITLE_ID} sx={{ fontWeight: 700 }}>
            Shopping cart
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="mini-cart-count">
            {count} item{count === 1 ? '' : 's'}
          </Typography>
        </Box>
        <IconButton aria-label="Close cart" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      {items.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: 6 }}>
          <ShoppingCartOutlinedIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
          <Typography sx={{ fontWeight: 600 }}>Your cart is empty for now.</Typography>
          <Typography color="text.secondary">Find something you love in the shop: it will wait for you here.</Typography>
          <Button component={RouterLink} to="/shop" variant="contained" onClick={onClose}>
            Start shopping
          </Button>
        </Stack>
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Cart lines"
            sx={{ listStyle: 'none', m: 0, px: 2.5, py: 0.5, flex: 1, overflowY: 'auto', '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            {items.map((item) => (
              <Line key={item.key} item={item} onNavigate={onClose} />
            ))}
          </Box>
          <Divider />
          <Box sx={{ px: 2.5, py: 2 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
              <Typography sx={{ fontWeight: 700 }}>Subtotal</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="mini-cart-subtotal">
                {formatPrice(cartSubtotal(items))}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Shipping is free; coupons apply at checkout.
            </Typography>
            <Stack spacing={1}>
              <Button
                variant="contained"
                size="large"
                fullWidth
                onClick={() => {
                  onClose();
                  void navigate(checkoutPath(signedIn));
                }}
              >
                Checkout
              </Button>
              <Button component={RouterLink} to="/cart" variant="outlined" fullWidth onClick={onClose}>
                View cart
              </Button>
            </Stack>
          </Box>
        </>
      )}
    </Drawer>
  );
}
