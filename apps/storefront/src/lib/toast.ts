type ToastKind = 'success' | 'info' | 'warning' | 'error';

/**
 * react-toastify's toast functions for the code that runs with the first page (the store's thunks, the
 * product cards): the library loads on the first toast instead of with the first page. Toasts keep their order.
 */
function lazyToast(kind: ToastKind): (message: string) => void {
  return (message) => {
    void import('react-toastify').then(({ toast }) => toast[kind](message));
  };
}

export const toast = {
  success: lazyToast('success'),
  info: lazyToast('info'),
  warning: lazyToast('warning'),
  error: lazyToast('error'),
};
