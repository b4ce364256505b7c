import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../lib/store-hooks';
import { errorMessage } from '../../lib/api';
import { MESSAGES, REVIEW_MAX_LENGTH, reviewCharactersLeft, validateReview } from '../../lib/validation';
import { useProductsReviewMutation, useProductsUpdateMyReviewMutation } from '../../lib/shop-api';
import { OwnReview } from './OwnReview';
import { useMyReviewQuery } from './products-api';

export const REVIEW_TOASTS = {
  submitted: 'Review submitted successfully!',
  updated: 'Review updated successfully!',
  failed: 'Failed to submit review',
} as const;

interface ReviewFieldsProps {
  productId: string;
  /** The customer's review being edited; none for a new review. */
  editing?: { rating: number; comment: string };
  onDone?: () => void;
}

/** The form: a new review (POST), or the customer's own review being edited (PUT .../reviews/mine), pre-filled. */
function ReviewFields({ productId, editing, onDone }: ReviewFieldsProps) {
  const signedIn = useAppSelector((s) => !!s.session.userInfo);
  const [rating, setRating] = useState(editing?.rating ?? 0);
  const [comment, setComment] = useState(editing?.comment ?? '');
  const [addReview, added] = useProductsReviewMutation();
  const [updateReview, updated] = useProductsUpdateMyReviewMutation();
  const busy = added.isLoading || updated.isLoading;
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) textRef.current?.focus();
  }, [editing]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateReview({ signedIn, comment, rating });
    if (problem) {
      toast.error(problem);
      return;
    }
    const reviewInputDto = { rating: Number(rating), comment: comment.trim() };
    try {
      if (editing) {
        await updateReview({ id: productId, reviewInputDto }).unwrap();
        toast.success(REVIEW_TOASTS.updated);
      } else {
        await addReview({ id: productId, reviewInputDto }).unwrap();
        toast.success(REVIEW_TOASTS.submitted);
        setComment('');
        setRating(0);
      }
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, REVIEW_TOASTS.failed));
    }
  };

  const left = reviewCharactersLeft(comment);
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-labelledby="review-form-title">
      <Typography id="review-form-title" component="h3" variant="h6">
        {editing ? 'Edit your review' : 'Write a review'}
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
          inputRef={textRef}
          onChange={(e) => setComment(e.target.value.slice(0, REVIEW_MAX_LENGTH))}
          slotProps={{ htmlInput: { maxLength: REVIEW_MAX_LENGTH, 'aria-describedby': 'review-counter' } }}
        />
        <FormHelperText id="review-counter" error={left === 0}>
          {left} characters remaining
        </FormHelperText>
      </div>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? (editing ? 'Saving...' : 'Submitting...') : editing ? 'Save review' : 'Submit Review'}
        </Button>
        {editing && (
          <Button type="button" variant="text" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The review block of the product page: sign in first; a customer who already reviewed sees their review with
 * Edit (never a second form, which could only answer 409); anyone else the form.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const userId = useAppSelector((s) => s.session.userInfo?._id);
  const signedIn = !!userId;
  const own = useMyReviewQuery({ productId, userId: userId ?? '' }, { skip: !signedIn });
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    // Once the saved review shows again (after a refetch), its Edit button takes the focus back.
    if (!refocus || editing || !editRef.current) return;
    editRef.current.focus();
    setRefocus(false);
  }, [refocus, editing, own.data]);

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
  const mine = own.data?.review;
  if (mine && editing) {
    return (
      <ReviewFields
        productId={productId}
        editing={{ rating: mine.rating, comment: mine.comment }}
        onDone={() => {
          setEditing(false);
          setRefocus(true);
        }}
      />
    );
  }
  if (mine) return <OwnReview rating={mine.rating} comment={mine.comment} status={mine.status} onEdit={() => setEditing(true)} editRef={editRef} />;
  // Until the API has said whether this customer reviewed already, no form is offered (it could only answer 409).
  if (own.isLoading) return <Typography color="text.secondary">Loading your review…</Typography>;
  return <ReviewFields productId={productId} onDone={() => setRefocus(true)} />;
}
