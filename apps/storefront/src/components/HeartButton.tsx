import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { useAppDispatch, useAppSelector } from '../lib/store-hooks';
import { isFavorite, type FavoriteProduct } from '../lib/favorites/favorites-logic';
import { toggleFavorite } from '../lib/favorites/favorites-thunks';

/** The heart on every product: filled pink for a favourite. */
export function HeartButton({ product, size = 'medium' }: { product: FavoriteProduct; size?: 'small' | 'medium' }) {
  const dispatch = useAppDispatch();
  const favourite = useAppSelector((s) => isFavorite(s.favorites.items, product._id));
  return (
    <IconButton
      size={size}
      aria-label={favourite ? `Remove ${product.name} from favorites` : `Add ${product.name} to favorites`}
      aria-pressed={favourite}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void dispatch(toggleFavorite(product));
      }}
      sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' }, boxShadow: 1 }}
    >
      {favourite ? <FavoriteIcon sx={{ color: '#ec4899' }} data-testid="heart-filled" /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
