import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, List, ListItem, ListItemText, Rating, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Link, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import type { Review } from '../lib/api-types';
import { formatDate } from '../lib/format';
import { adminPath } from '../lib/paths';

/** A product's approved reviews, each deletable by an admin (the API recomputes rating and count); pending and rejected ones are in Reviews. */
export function ProductReviews({ productId, reviews }: { productId: string; reviews: Review[] }) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<Review | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await dataProvider.deleteReview(productId, pending._id);
      notify('Review deleted', { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, 'Delete failed. Try again.'), { type: 'error' });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6">Reviews ({reviews.length})</Typography>
      <Link to={`${adminPath('/reviews')}?filter=${encodeURIComponent(JSON.stringify({ product: productId }))}`}>
        Moderate this product's reviews
      </Link>
      {reviews.length === 0 && <Typography color="text.secondary">No reviews yet.</Typography>}
      <List dense>
        {reviews.map((r) => (
          <ListItem
            key={r._id}
            secondaryAction={
              <Tooltip title="Delete review">
                <IconButton edge="end" aria-label="Delete review" onClick={() => setPending(r)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemText
              primary={
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <strong>{r.name}</strong> <Rating size="small" value={r.rating} readOnly />{' '}
                  {r.verifiedPurchase && <Typography variant="caption">verified purchase</Typography>}
                </Box>
              }
              secondary={`${formatDate(r.createdAt)} · ${r.comment}`}
            />
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={!!pending}
        loading={busy}
        title="Are you sure?"
        content={`Delete the review by ${pending?.name ?? ''}?`}
        onConfirm={remove}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
