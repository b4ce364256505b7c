import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STICKY_BAR_ROOM } from '../../components/ui/sticky-bar';
import { formatPrice } from '../../lib/format';

/** The bar's height; the page keeps this much room at its bottom so the footer can be scrolled clear of it. */
const BAR_HEIGHT = 72;
const SAFE_AREA = 'env(safe-area-inset-bottom, 0px)';

export interface StickyAddToCartProps {
  name: string;
  price: number;
  /** The main button's text: Add to Cart, Choose options, Not available (a size and colour that don't go together) or Out of Stock. */
  label: string;
  disabled: boolean;
  onAdd: () => void;
}

/**
 * Phones and tablets (below md): the price and Add to Cart fixed at the bottom of the screen, so the product can be
 * added without scrolling back to the button. From md up it is not shown (CSS), and neither is the room it keeps.
 */
export function StickyAddToCart({ name, price, label, disabled, onAdd }: StickyAddToCartProps) {
  return (
    <>
      {/* The bar's room, as a custom property the scroll-to-top button keeps above too. */}
      <GlobalStyles
        styles={(theme) => ({
          [theme.breakpoints.down('md')]: {
            ':root': { [STICKY_BAR_ROOM]: `calc(${BAR_HEIGHT}px + ${SAFE_AREA})` },
            body: { paddingBottom: `var(${STICKY_BAR_ROOM})` },
          },
        })}
      />
      <Paper
        component="section"
        aria-label="Add to cart"
        elevation={8}
        square
        data-testid="sticky-add-to-cart"
        sx={{
          display: { xs: 'flex', md: 'none' },
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 'appBar',
          minHeight: BAR_HEIGHT,
          alignItems: 'center',
          gap: 2,
          px: 2,
          pt: 1,
          pb: `calc(8px + ${SAFE_AREA})`,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap title={name}>
            {name}
          </Typography>
          <Typography component="p" variant="h6" color="primary" sx={{ fontWeight: 800, lineHeight: 1.2 }} data-testid="sticky-price">
            {formatPrice(price)}
          </Typography>
        </Box>
        <Button variant="contained" size="large" startIcon={<AddShoppingCartIcon />} disabled={disabled} onClick={onAdd} sx={{ flexShrink: 0 }}>
          {label}
        </Button>
      </Paper>
    </>
  );
}
