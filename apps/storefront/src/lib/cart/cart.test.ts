import { describe, expect, it } from 'vitest';
import { CART_TOASTS, addItem, cartCount, cartKey, cartLineTotal, cartSubtotal, removeItem, setQuantity, type CartItem } from './cart-logic';
import { addToCart, cartReducer, removeFromCart, setCartFromServer, updateQuantity } from './cart-slice';

const shirt = { productId: 'p1', name: 'Linen shirt', price: 40, image: '/api/images/1' };

describe('cart rules', () => {
  it('appends a new item with quantity 1 by default and says it was added', () => {
    const { items, outcome } = addItem([], shirt);
    expect(items).toEqual([{ ...shirt, key: 'p1', quantity: 1 }]);
    expect(outcome).toBe('added');
    expect(CART_TOASTS[outcome]).toBe('Item added to cart');
  });

  it('raises the quantity of an item already there by the added amount', () => {
    const first = addItem([], shirt).items;
    const { items, outcome } = addItem(first, { ...shirt, quantity: 3 });
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(4);
    expect(CART_TOASTS[outcome]).toBe('Item quantity updated in cart');
  });

  it('keeps two sizes of one product as two lines', () => {
    let items = addItem([], { ...shirt, variantSku: 'P1-M' }).items;
    items = addItem(items, { ...shirt, variantSku: 'P1-L' }).items;
    expect(items.map((i) => i.key)).toEqual([cartKey('p1', 'P1-M'), cartKey('p1', 'P1-L')]);
  });

  it('removes by key, with the removal toast text', () => {
    const items = addItem([], shirt).items;
    expect(removeItem(items, 'p1')).toEqual([]);
    expect(CART_TOASTS.removed).toBe('Item removed from cart');
  });

  it('ignores a quantity below 1', () => {
    const items = addItem([], shirt).items;
    expect(setQuantity(items, 'p1', 0)).toBe(items);
    expect(setQuantity(items, 'p1', -2)).toBe(items);
    expect(setQuantity(items, 'p1', 5)[0].quantity).toBe(5);
  });

  it('counts the sum of quantities, and sums the subtotal', () => {
    let items: CartItem[] = addItem([], { ...shirt, quantity: 2 }).items;
    items = addItem(items, { productId: 'p2', name: 'Cap', price: 12.5, image: '' }).items;
    expect(cartCount(items)).toBe(3);
    expect(cartSubtotal(items)).toBe(92.5);
  });
});

describe('cart reducer', () => {
  it('applies add, update, quantity and remove actions', () => {
    let state = cartReducer(undefined, addToCart(shirt));
    expect(state.lastAdd).toBe('added');
    state = cartReducer(state, addToCart(shirt));
    expect(state.lastAdd).toBe('updated');
    expect(state.items[0].quantity).toBe(2);
    state = cartReducer(state, updateQuantity({ key: 'p1', quantity: 0 }));
    expect(state.items[0].quantity).toBe(2);
    state = cartReducer(state, updateQuantity({ key: 'p1', quantity: 7 }));
    expect(state.items[0].quantity).toBe(7);
    state = cartReducer(state, removeFromCart('p1'));
    expect(state.items).toEqual([]);
  });

  it("takes the server cart as it is (sync for signed-in users), keeping each line's size and colour", () => {
    const state = cartReducer(
      undefined,
      setCartFromServer([
        {
          productId: 'p9',
          name: 'Tee',
          image: 'i',
          price: 20,
          variant: { sku: 'T-S', size: 'S', colour: 'Black' },
          quantity: 2,
          countInStock: 5,
          lineTotal: 40,
        },
        {
          productId: 'p9',
          name: 'Tee',
          image: 'i',
          price: 20,
          variant: { sku: 'T-M', size: 'M', colour: null },
          quantity: 1,
          countInStock: 3,
          lineTotal: 20,
        },
        { productId: 'p2', name: 'Cap', image: 'c', price: 10, variant: null, quantity: 1, countInStock: 9, lineTotal: 10 },
      ]),
    );
    expect(state.items).toEqual([
      {
        key: 'p9:T-S',
        productId: 'p9',
        name: 'Tee',
        image: 'i',
        price: 20,
        variantSku: 'T-S',
        size: 'S',
        colour: 'Black',
        quantity: 2,
        countInStock: 5,
      },
      {
        key: 'p9:T-M',
        productId: 'p9',
        name: 'Tee',
        image: 'i',
        price: 20,
        variantSku: 'T-M',
        size: 'M',
        colour: null,
        quantity: 1,
        countInStock: 3,
      },
      { key: 'p2', productId: 'p2', name: 'Cap', image: 'c', price: 10, variantSku: null, size: null, colour: null, quantity: 1, countInStock: 9 },
    ]);
  });
});

describe('cartLineTotal', () => {
  it('is the price times the quantity in whole cents', () => {
    expect(cartLineTotal({ price: 0.1, quantity: 3 })).toBe(0.3);
    expect(cartLineTotal({ price: 19.99, quantity: 3 })).toBe(59.97);
    expect(
      cartSubtotal([
        { price: 0.1, quantity: 3 },
        { price: 0.2, quantity: 1 },
      ] as Parameters<typeof cartSubtotal>[0]),
    ).toBe(0.5);
  });
});
