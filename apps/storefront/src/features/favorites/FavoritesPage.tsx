import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../lib/store-hooks';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import { MESSAGES } from '../../lib/validation';
import { useAddToCart } from '../../lib/cart/use-add-to-cart';
import { ProductImage } from '../../components/ProductImage';
import { HeartButton } from '../../components/HeartButton';
import { sortFavorites, type FavoriteSort } from '../../lib/favorites/favorites-logic';

export default function FavoritesPage() {
  usePageMeta('Favorites', 'The products you saved at Threadline.');
  const items = useAppSelector((s) => s.favorites.items);
  const signedIn = useAppSelector((s) => !!s.session.userInfo);
  const [sort, setSort] = useState<FavoriteSort | ''>('');
  const addToCart = useAddToCart('product');
  const list = sort ? sortFavorites(items, sort) : items;

  if (!signedIn)
    return (
      <Container maxWidth="md" sx={{ py: 8, textAlign: 'center' }}>
        <PageHeader title="Favorites" subtitle={MESSAGES.favoritesLogin} />
        <Button component={RouterLink} to="/login?redirect=/favorite" variant="contained">
          Login
        </Button>
      </Container>
    );

  return (
    <Container maxWidth="xl" sx={{ py: 4 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}>
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
            Favorites
          </Typography>
          <Typography color="text.secondary" data-testid="favorites-count">
            {items.length} item{items.length === 1 ? '' : 's'}
          </Typography>
        </Box>
        {items.length > 1 && (
          <TextField
            select
            size="small"
            label="Sort by price"
            value={sort}
            onChange={(e) => setSort(e.target.value as FavoriteSort)}
            sx={{ minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'favorites-sort' } }}
          >
            <MenuItem value="">Date added</MenuItem>
            <MenuItem value="cheapest">Cheapest first</MenuItem>
            <MenuItem value="expensive">Most expensive first</MenuItem>
          </TextField>
        )}
      </Stack>
      {!items.length ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>You have no favorites yet. Tap the heart on any product to save it here.</Typography>
          <Button component={RouterLink} to="/shop" variant="contained">
            Browse the shop
          </Button>
        </Stack>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } }}>
          {list.map((p) => (
            <Card key={p._id} variant="outlined" sx={{ position: 'relative', display: 'flex', flexDirection: 'column' }} data-testid="favorite-item">
              <Box sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}>
                <HeartButton product={p} size="small" />
              </Box>
              <CardActionArea component={RouterLink} to={`/product/${p._id}`}>
                <ProductImage product={p} sizes="(min-width: 900px) 33vw, 100vw" />
                <CardContent>
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
                    {p.name}
                  </Typography>
                  <Typography color="primary" sx={{ fontWeight: 700 }} data-testid="favorite-price">
                    {formatPrice(p.price)}
                  </Typography>
                </CardContent>
              </CardActionArea>
              <Box sx={{ p: 2, pt: 0, mt: 'auto' }}>
                <Button
                  fullWidth
                  variant="contained"
                  startIcon={<AddShoppingCartIcon />}
                  onClick={() => void addToCart({ ...p, countInStock: p.countInStock ?? 1 })}
                >
                  Add to Cart
                </Button>
              </Box>
            </Card>
          ))}
        </Box>
      )}
    </Container>
  );
}
