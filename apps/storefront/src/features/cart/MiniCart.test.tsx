import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { renderWithProviders, signedInStore } from '../../test/render';
import MiniCart from './MiniCart';
import { addToCart, updateQuantity } from '../../lib/cart/cart-slice';

const SHIRT = {
  productId: '665f1c2ab4d3e8a9c0f1b001',
  name: 'Oxford Shirt',
  price: 19.99,
  image: '/uploads/oxford.jpg',
  variantSku: 'OXF-M-NAVY',
  size: 'M',
  colour: 'Navy',
  countInStock: 12,
};
const SCARF = { productId: '665f1c2ab4d3e8a9c0f1b002', name: 'Wool Scarf', price: 24.5, image: '/uploads/scarf.jpg', countInStock: 3 };

/** A cart of two Oxford Shirts (size M, navy) and one Wool Scarf. */
function withCart(store: AppStore = makeStore()): AppStore {
  store.dispatch(addToCart({ ...SHIRT, quantity: 2 }));
  store.dispatch(addToCart(SCARF));
  return store;
}

function open(store: AppStore) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<MiniCart open onClose={onClose} />, { path: '/shop', store });
  return { ...rendered, onClose, dialog: screen.getByRole('dialog', { name: 'Shopping cart' }) };
}

describe('MiniCart', () => {
  it('says an empty cart is empty and offers the shop', async () => {
    const { dialog, onClose, router, user } = open(makeStore());
    expect(within(dialog).getByText('0 items')).toBeTruthy();
    expect(within(dialog).getByText('Your cart is empty for now.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Checkout' })).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Start shopping' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/shop');
  });

  it('lists each line with its variant, quantity and line total, and the subtotal', () => {
    const { dialog } = open(withCart());
    expect(within(dialog).getByText('3 items')).toBeTruthy();
    const lines = within(within(dialog).getByRole('list', { name: 'Cart lines' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);

    const shirt = within(lines[0]);
    expect(shirt.getByRole('link', { name: 'Oxford Shirt' }).getAttribute('href')).toBe(`/product/${SHIRT.productId}`);
    expect(shirt.getByText('Size M · Navy')).toBeTruthy();
    expect(shirt.getByText('Qty 2 × $19.99')).toBeTruthy();
    expect(shirt.getByText('$39.98')).toBeTruthy();

    const scarf = within(lines[1]);
    expect(scarf.getByText('Qty 1 × $24.50')).toBeTruthy();
    expect(scarf.queryByText(/Size/)).toBeNull();

    expect(within(dialog).getByTestId('mini-cart-subtotal').textContent).toBe('$64.48');
  });

  it('follows the store: a changed quantity changes the count and the totals', () => {
    const store = withCart();
    const { dialog } = open(store);
    act(() => {
      store.dispatch(updateQuantity({ key: `${SHIRT.productId}:${SHIRT.variantSku}`, quantity: 3 }));
    });
    expect(within(dialog).getByText('4 items')).toBeTruthy();
    expect(within(dialog).getByText('Qty 3 × $19.99')).toBeTruthy();
    expect(within(dialog).getByTestId('mini-cart-subtotal').textContent).toBe('$84.47');
  });

  it('sends a guest to sign in before the checkout, and closes', async () => {
    const { dialog, onClose, router, user } = open(withCart());
    await user.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=%2Fcheckout');
  });

  it('sends a signed-in customer straight to the checkout', async () => {
    const { dialog, router, user } = open(withCart(signedInStore()));
    await user.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('closes from its close button and leads to the full cart', async () => {
    const { dialog, onClose, router, user } = open(withCart());
    await user.click(within(dialog).getByRole('button', { name: 'Close cart' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('link', { name: 'View cart' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/cart');
  });
});
