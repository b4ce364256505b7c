import { act, screen, waitFor, within } from '@testing-library/react';
import { toast as toastify } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { toast } from './toast';
import { useOutcomeToast } from './use-outcome-toast';

/** The toast that shows this text, once it is on screen. */
const shown = (text: string) => screen.findByText(text, { exact: true }).then((el) => el.closest('.Toastify__toast') as HTMLElement);

/** Whether react-toastify still counts the toast as shown (a dismissed one is not, while it plays its exit). */
const active = (id: string) => toastify.isActive(id);

describe('toast (the lazy react-toastify wrapper)', () => {
  it("shows a toast's link after its message, word for word: a plain click navigates in the app and closes the toast", async () => {
    renderWithProviders(<p>page</p>);
    const navigate = vi.fn();
    let id = '';
    act(() => {
      id = toast.error('Login to add product to cart!', { action: { label: 'Log in', href: '/login?redirect=%2Fproduct%2Fp1', navigate } });
    });
    const box = await shown('Login to add product to cart!');
    const link = within(box).getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fproduct%2Fp1');
    act(() => link.click());
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fproduct%2Fp1');
    await waitFor(() => expect(active(id)).toBe(false));
  });

  it('answers the id at once: a toast dismissed before it was shown (its link still loading) does not stay, and later toasts show in order', async () => {
    renderWithProviders(<p>page</p>);
    let first = '';
    act(() => {
      first = toast.error('Please login to add items to cart', { action: { label: 'Log in', href: '/login' } });
      toast.dismiss(first);
      toast.success('Item added to cart');
      toast.success('Order placed');
    });
    await shown('Order placed');
    await shown('Item added to cart');
    expect(active(first)).toBe(false);
    // Newest on top is the container's choice; here (the default) the first asked for is the first shown.
    expect(screen.getAllByText(/^(Item added to cart|Order placed)$/).map((el) => el.textContent)).toEqual(['Item added to cart', 'Order placed']);
  });

  it('useOutcomeToast: a new outcome dismisses the toast of the one before', async () => {
    function Form() {
      const outcome = useOutcomeToast();
      return (
        <>
          <button onClick={() => outcome.error('Password must be at least 8 characters')}>refuse</button>
          <button onClick={() => outcome.success('Your password has been reset. Please sign in.')}>accept</button>
        </>
      );
    }
    const { user } = renderWithProviders(<Form />);
    await user.click(screen.getByRole('button', { name: 'refuse' }));
    const refusal = await shown('Password must be at least 8 characters');
    const refusalId = refusal.id;
    expect(refusalId).toMatch(/^shop-toast-/);
    expect(active(refusalId)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'accept' }));
    await shown('Your password has been reset. Please sign in.');
    await waitFor(() => expect(active(refusalId)).toBe(false));
  });
});
