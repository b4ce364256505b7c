import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../app/store';
import { errorMessage } from '../../lib/api';
import { MESSAGES, REVIEW_MAX_LENGTH, reviewCharactersLeft, validateReview } from '../../lib/validation';
import { useProductsReviewMutation } from '../../lib/shop-api';
import { useMyReviewQuery } from './products-api';

/** The customer's own review, shown instead of a second form (the API answers 409 to a second review). */
function OwnReview({ rating, comment }: { rating: number; comment: string }) {
  return (
    <Stack spacing={1} data-testid="own-review">
      <Typography component="h3" variant="h6">
        You reviewed this product
      </Typography>
      <Rating value={rating} readOnly aria-label={`Your rating: ${rating} out of 5 stars`} />
      <Typography sx={{ whiteSpace: 'pre-line' }}>{comment}</Typography>
      <Typography variant="body2" color="text.secondary">
        Each customer reviews a product once. To change your review, write to us through the contact page.
      </Typography>
    </Stack>
  );
}

export function ReviewForm({ productId }: { productId: string }) {
  const userId = useAppSelector((s) => s.session.userInfo?._id);
  const signedIn = !!userId;
  const own = useMyReviewQuery({ productId, userId: userId ?? '' }, { skip: !signedIn });
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [addReview, { isLoading }] = useProductsReviewMutation();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateReview({ signedIn, comment, rating });
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await addReview({ id: productId, reviewInputDto: { rating: Number(rating), comment: comment.trim() } }).unwrap();
      toast.success('Review submitted successfully!');
      setComment('');
      setRating(0);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to submit review'));
    }
  };

  if (!signedIn) {
    return (
      <Typography>
        {MESSAGES.reviewLogin}:{' '}
        <Link component={RouterLink} to={`/login?redirect=/product/${productId}`}>
          sign in
        </Link>
      </Typography>
    );
  }
  if (own.data?.review) return <OwnReview rating={own.data.review.rating} comment={own.data.review.comment} />;
  // Until the API has said whether this customer reviewed already, no form is offered (it could only answer 409).
  if (own.isLoading) return <Typography color="text.secondary">Loading your review…</Typography>;
  const left = reviewCharactersLeft(comment);
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-labelledby="review-form-title">
      <Typography id="review-form-title" component="h3" variant="h6">
        Write a review
      </Typography>
      <div>
        <Typography component="legend" id="rating-label">
          Rating
        </Typography>
        <Rating name="rating" value={rating} max={5} onChange={(_, v) => setRating(v ?? 0)} aria-labelledby="rating-label" />
      </div>
      <div>
        <TextField
          label="Your review"
          multiline
          minRows={3}
          fullWidth
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, REVIEW_MAX_LENGTH))}
          slotProps={{ htmlInput: { maxLength: REVIEW_MAX_LENGTH, 'aria-describedby': 'review-counter' } }}
        />
        <FormHelperText id="review-counter" error={left === 0}>
          {left} characters remaining
        </FormHelperText>
      </div>
      <div>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Submitting...' : 'Submit Review'}
        </Button>
      </div>
    </Stack>
  );
}
