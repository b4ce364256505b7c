import { validateNewsletterEmail } from '../../lib/validation';

export type NewsletterStatus = 'idle' | 'submitting';

export const NEWSLETTER_TEXT = {
  button: 'Subscribe',
  submitting: 'Subscribing...',
  success: 'Thank you for subscribing!',
  failure: 'Subscription failed. Please try again.',
} as const;

export interface NewsletterDeps {
  subscribe: (email: string) => Promise<{ message?: string } | undefined>;
  setStatus: (status: NewsletterStatus) => void;
  clearEmail: () => void;
  toastError: (message: string) => void;
  toastSuccess: (message: string) => void;
  /** The server's message of a failed call, if any. */
  messageOf?: (error: unknown) => string | undefined;
}

/**
 * idle → submitting (button 'Subscribing...', disabled) → idle. A bad e-mail stops before any call;
 * success toasts 'Thank you for subscribing!' and clears the field.
 */
export async function submitNewsletter(email: string, deps: NewsletterDeps): Promise<'invalid' | 'subscribed' | 'failed'> {
  const problem = validateNewsletterEmail(email);
  if (problem) {
    deps.toastError(problem);
    return 'invalid';
  }
  deps.setStatus('submitting');
  try {
    await deps.subscribe(email.trim());
    deps.toastSuccess(NEWSLETTER_TEXT.success);
    deps.clearEmail();
    return 'subscribed';
  } catch (error) {
    deps.toastError(deps.messageOf?.(error) ?? NEWSLETTER_TEXT.failure);
    return 'failed';
  } finally {
    deps.setStatus('idle');
  }
}
