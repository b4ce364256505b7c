import { useMemo, useRef } from 'react';
import { toast, type ToastId, type ToastOptions } from './toast';

type ShowToast = (message: string, options?: ToastOptions) => ToastId;

export interface OutcomeToast {
  success: ShowToast;
  info: ShowToast;
  warning: ShowToast;
  error: ShowToast;
  /** Dismisses the toast of the last outcome, if it still shows: what it said no longer holds. */
  dismiss(): void;
}

/**
 * The toasts of one action on a screen (a form's submission, a coupon's check): each outcome supersedes the one
 * before, so showing a new one dismisses the last one's toast ('Password must be at least 8 characters' goes once
 * the password is reset). `dismiss` closes it when something else supersedes it (the order placed with the coupon).
 */
export function useOutcomeToast(): OutcomeToast {
  const last = useRef<ToastId | null>(null);
  return useMemo(() => {
    const dismiss = () => {
      if (last.current) toast.dismiss(last.current);
      last.current = null;
    };
    const show =
      (kind: 'success' | 'info' | 'warning' | 'error'): ShowToast =>
      (message, options) => {
        dismiss();
        last.current = toast[kind](message, options);
        return last.current;
      };
    return { success: show('success'), info: show('info'), warning: show('warning'), error: show('error'), dismiss };
  }, []);
}
