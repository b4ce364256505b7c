import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { StarRating } from '../../components/ui/StarRating';

export interface OwnReviewProps {
  rating: number;
  comment: string;
  status?: string;
  onEdit: () => void;
  /** The Edit button, so that focus can come back to it once an edit is saved or cancelled. */
  editRef?: Ref<HTMLButtonElement>;
}

/** The customer's own review, shown instead of a second form (the API answers 409 to a second review), with Edit. */
export function OwnReview({ rating, comment, status, onEdit, editRef }: OwnReviewProps) {
  return (
    <Stack spacing={1} data-testid="own-review" sx={{ alignItems: 'flex-start' }}>
      <Typography component="h3" variant="h6">
        You reviewed this product
      </Typography>
      <StarRating value={rating} label={`Your rating: ${rating} out of 5 stars`} />
      <Typography sx={{ whiteSpace: 'pre-line' }}>{comment}</Typography>
      {status === 'pending' && (
        <Typography color="text.secondary">Your review is awaiting moderation: others will see it once it is approved.</Typography>
      )}
      {status === 'rejected' && (
        <Typography color="text.secondary">Your review was not published. You can edit it and it will be looked at again.</Typography>
      )}
      <Button ref={editRef} variant="outlined" startIcon={<EditIcon aria-hidden />} onClick={onEdit} aria-label="Edit your review">
        Edit
      </Button>
    </Stack>
  );
}
