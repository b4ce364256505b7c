import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';
import type { ToastContentProps } from 'react-toastify';
import type { ToastAction } from './toast';

/** A plain left click, which the page may handle itself (not one that opens a new tab or window). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A toast's content with a link after its message: the message word for word, then e.g. 'Log in'. The link is
 * a real link (it opens in a new tab too); a plain click navigates inside the app and closes the toast.
 */
export function toastWithAction(message: string, action: ToastAction) {
  return function ToastWithAction({ closeToast }: ToastContentProps) {
    return (
      <span>
        <span>{message}</span>{' '}
        <Link
          href={action.href}
          color="inherit"
          underline="always"
          sx={{ fontWeight: 700, ml: 0.5, whiteSpace: 'nowrap' }}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            if (action.navigate && plainClick(event)) {
              event.preventDefault();
              action.navigate(action.href);
            }
            closeToast();
          }}
        >
          {action.label}
        </Link>
      </span>
    );
  };
}
