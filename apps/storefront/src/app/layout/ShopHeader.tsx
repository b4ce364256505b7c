import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../store';
import { cartCount } from '../../lib/cart/cart-logic';
import { AfterHydration } from '../../components/AfterHydration';

// Both load apart from the first page's JavaScript: the search once the page is interactive (the prerendered
// HTML holds its placeholder), the mini-cart when the cart is first pointed at or opened.
const loadSearch = () => import('../../features/products/HeaderSearch');
const loadMiniCart = () => import('../../features/cart/MiniCart');
const HeaderSearch = lazy(loadSearch);
const MiniCart = lazy(loadMiniCart);

function items(n: number): string {
  return `${n} item${n === 1 ? '' : 's'}`;
}

/** Holds the search's place (same height) until its code has loaded. */
function SearchPlaceholder() {
  return <Box aria-hidden sx={{ height: 40, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }} />;
}

/**
 * The storefront header on every width, beside the side menu: search with suggestions, favourites, account and the
 * cart with its count, which opens the slide-out mini-cart. The logo is not repeated here: the side bar shows it on
 * large screens, the mobile top bar above the header on small ones. Its responsive rules are CSS (sx breakpoints),
 * so the first paint is right.
 */
export function ShopHeader() {
  const { pathname } = useLocation();
  const signedIn = useAppSelector((s) => !!s.session.userInfo);
  const favorites = useAppSelector((s) => s.favorites.items.length);
  const count = useAppSelector((s) => cartCount(s.cart.items));
  const [cartOpen, setCartOpen] = useState(false);
  // Mounted from the first opening on, so that it can also slide out.
  const [cartMounted, setCartMounted] = useState(false);

  // A link followed elsewhere (the side menu, the browser's back) closes the mini-cart.
  useEffect(() => setCartOpen(false), [pathname]);

  return (
    <>
      {/* Below lg the spec's fixed top bar (SideMenu) is above: this keeps its room, a toolbar's height. */}
      <Box aria-hidden sx={(theme) => ({ ...theme.mixins.toolbar, flexShrink: 0, [theme.breakpoints.up('lg')]: { display: 'none' } })} />
      <Box
        component="header"
        sx={{
          position: { xs: 'relative', lg: 'sticky' },
          top: 0,
          zIndex: { xs: 1, lg: 'appBar' },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 56, lg: 64 }, px: { xs: 1.5, sm: 2, lg: 3 } }}>
          <Box sx={{ flex: 1, minWidth: 0, maxWidth: { lg: 640 }, mr: { xs: 0.5, lg: 'auto' } }}>
            <AfterHydration fallback={<SearchPlaceholder />}>
              <Suspense fallback={<SearchPlaceholder />}>
                <HeaderSearch />
              </Suspense>
            </AfterHydration>
          </Box>
          <IconButton
            component={RouterLink}
            to="/favorite"
            aria-label={favorites > 0 ? `Favorites, ${items(favorites)}` : 'Favorites'}
            sx={{ color: 'text.primary' }}
          >
            {/* The count is in the link's name, so the badge's digits are not read a second time; with no favourites
                it holds no "0" either, which axe took for visible text missing from the name "Favorites". */}
            <Badge badgeContent={favorites || undefined} color="primary" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
              <FavoriteBorderIcon />
            </Badge>
          </IconButton>
          <IconButton
            component={RouterLink}
            to={signedIn ? '/profile' : '/login'}
            aria-label={signedIn ? 'Your account' : 'Sign in to your account'}
            sx={{ color: 'text.primary' }}
          >
            <PersonOutlineIcon />
          </IconButton>
          <IconButton
            aria-label={`Cart, ${items(count)}`}
            aria-haspopup="dialog"
            aria-expanded={cartOpen}
            onPointerEnter={() => void loadMiniCart()}
            onFocus={() => void loadMiniCart()}
            onClick={() => {
              setCartMounted(true);
              setCartOpen(true);
            }}
            sx={{ color: 'text.primary' }}
            data-testid="header-cart"
          >
            <Badge badgeContent={count} color="primary" max={99} slotProps={{ badge: { 'aria-hidden': true } }} data-testid="header-cart-badge">
              <ShoppingCartOutlinedIcon />
            </Badge>
          </IconButton>
        </Box>
        {cartMounted && (
          <Suspense fallback={null}>
            <MiniCart open={cartOpen} onClose={() => setCartOpen(false)} />
          </Suspense>
        )}
      </Box>
    </>
  );
}
