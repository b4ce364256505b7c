type ToastKind = 'success' | 'info' | 'warning' | 'error';

/** A toast's id: give it to toast.dismiss when the outcome the toast describes is superseded. */
export type ToastId = string;

/** A link inside the toast, the way to act on what it says (e.g. 'Log in' on 'Please login to add items to cart'). */
export interface ToastAction {
  label: string;
  /** Where the link goes (a same-site path). */
  href: string;
  /** A client-side navigation to href, for a plain click (the toasts render outside the router). */
  navigate?: (href: string) => void;
}

export interface ToastOptions {
  /** The id to show it under; a fresh one by default. */
  toastId?: ToastId;
  action?: ToastAction;
}

type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs a step once the library has loaded, after every step asked for before it: toasts keep their order, and a
 * dismissal reaches a toast asked for a moment earlier (even one waiting for its action's component).
 */
function later(step: (library: Toastify) => unknown): void {
  queue = queue
    .then(() => (library ??= import('react-toastify')))
    .then(step)
    .catch(() => {
      // The library did not load (the network): the next toast tries again.
      library = undefined;
    });
}

let lastId = 0;

/**
 * react-toastify's toast functions for the code that runs with the first page (the store's thunks, the
 * product cards): the library loads on the first toast instead of with the first page. Toasts keep their order,
 * and each call answers the toast's id at once, before the library has loaded.
 */
function lazyToast(kind: ToastKind): (message: string, options?: ToastOptions) => ToastId {
  return (message, { toastId, action } = {}) => {
    lastId += 1;
    const id = toastId ?? `shop-toast-${lastId}`;
    later(async ({ toast: show }) => {
      // A link's content is a component of its own, loaded with the library, only when a toast has one.
      const content = action ? (await import('./toast-action')).toastWithAction(message, action) : message;
      show[kind](content, { toastId: id });
    });
    return id;
  };
}

export const toast = {
  success: lazyToast('success'),
  info: lazyToast('info'),
  warning: lazyToast('warning'),
  error: lazyToast('error'),
  /** Closes the toast, also one asked for a moment ago and not shown yet. */
  dismiss(id: ToastId): void {
    later(({ toast: show }) => show.dismiss(id));
  },
};
