import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADD_TO_CART_SAVED, type AddToCartSource } from '../lib/cart/cart-logic';

const SHOWN_MS = 3000;

/** Whether the last add from this button was saved, for a few seconds; `settle` takes the add's result. */
export function useAddedNote(): [boolean, (saved: boolean) => void] {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const settle = useCallback((saved: boolean) => {
    clearTimeout(timer.current);
    setShown(saved);
    if (saved) timer.current = setTimeout(() => setShown(false), SHOWN_MS);
  }, []);
  return [shown, settle];
}

/**
 * The screen's 'Added to cart' / 'Product added to cart' beside the button that added: a polite status, so the
 * outcome keeps one toast. Its line is reserved, so nothing moves when it shows.
 */
export function AddedNote({ shown, from }: { shown: boolean; from: AddToCartSource }) {
  return (
    <Typography
      role="status"
      variant="body2"
      color="success.main"
      sx={{ minHeight: '1.5em', display: 'flex', alignItems: 'center', gap: 0.5 }}
      data-testid="added-note"
    >
      {shown && (
        <>
          <Box component={CheckCircleIcon} aria-hidden sx={{ fontSize: '1.1em' }} />
          {ADD_TO_CART_SAVED[from]}
        </>
      )}
    </Typography>
  );
}
