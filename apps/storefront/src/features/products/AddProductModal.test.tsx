import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type SeenRequest } from '../../../../../test/web-support/fetch';
import { customer, renderWithProviders, signedInStore } from '../../test/render';
import { AddProductModal } from './AddProductModal';

const CATEGORY = '665f1c2ab4d3e8a9c0f1b0c1';

function productServer() {
  return stubFetch((request: SeenRequest) => {
    if (request.method === 'GET' && request.path === '/api/category/categories') return { body: [{ _id: CATEGORY, id: CATEGORY, name: 'Shirts' }] };
    if (request.method === 'POST' && request.path === '/api/products/add')
      return { status: 201, body: { _id: 'p1', id: 'p1', name: 'Linen Shirt', status: 'pending' } };
    return undefined;
  });
}

describe("the distributor's Add Product form", () => {
  it('sends sizes × colours with the stock of each, the quantity as their sum, and the specifications', async () => {
    const server = productServer();
    const { user } = renderWithProviders(<AddProductModal open onClose={() => undefined} />, {
      store: signedInStore(customer({ isDistributor: true })),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Linen Shirt');
    await user.type(form.getByRole('textbox', { name: 'Brand' }), 'Threadline');
    await user.type(form.getByRole('textbox', { name: 'Description' }), 'A breezy linen shirt.');
    await user.click(form.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Shirts' }));
    await user.type(form.getByRole('spinbutton', { name: 'Price (USD)' }), '45');
    await user.upload(form.getByLabelText('Main image'), new File(['x'], 'shirt.png', { type: 'image/png' }));

    await user.type(form.getByRole('textbox', { name: 'Sizes' }), 'S, M');
    await user.type(form.getByRole('textbox', { name: 'Colours' }), 'Navy, Red');
    const grid = form.getByRole('table', { name: 'Stock per variant' });
    expect(within(grid).getAllByRole('spinbutton')).toHaveLength(4);
    await user.type(within(grid).getByRole('spinbutton', { name: 'Stock of size S in Navy' }), '3');
    await user.type(within(grid).getByRole('spinbutton', { name: 'Stock of size M in Red' }), '1');
    // The quantity is the grid's sum, not typed.
    const quantity = form.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect(quantity.disabled).toBe(true);
    expect(quantity.value).toBe('4');

    await user.click(form.getByRole('button', { name: 'Add specification' }));
    await user.type(form.getByRole('textbox', { name: 'Specification 1 name' }), 'Material');
    await user.type(form.getByRole('textbox', { name: 'Specification 1 value' }), 'Linen');
    await user.click(form.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/products/add')).toBe(true));
    const sent = server.requests.find((r) => r.path === '/api/products/add')!.body as FormData;
    expect(sent.get('quantity')).toBe('4');
    expect(sent.get('countInStock')).toBe('4');
    expect(JSON.parse(sent.get('variants') as string)).toEqual([
      { sku: 'LS-S-NAVY', size: 'S', colour: 'Navy', countInStock: 3 },
      { sku: 'LS-S-RED', size: 'S', colour: 'Red', countInStock: 0 },
      { sku: 'LS-M-NAVY', size: 'M', colour: 'Navy', countInStock: 0 },
      { sku: 'LS-M-RED', size: 'M', colour: 'Red', countInStock: 1 },
    ]);
    expect(JSON.parse(sent.get('specifications') as string)).toEqual({ Material: 'Linen' });
    await screen.findByText(/^Product added successfully!/);
  });

  it('sends no variants or specifications for a one-size product, and refuses negative stock in a cell', async () => {
    const server = productServer();
    const { user } = renderWithProviders(<AddProductModal open onClose={() => undefined} />, {
      store: signedInStore(customer({ isDistributor: true })),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    const form = within(dialog);
    expect(form.queryByRole('table', { name: 'Stock per variant' })).toBeNull();
    await user.type(form.getByRole('textbox', { name: 'Colours' }), 'Teal');
    await user.type(form.getByRole('spinbutton', { name: 'Stock in Teal' }), '-2');
    await user.click(form.getByRole('button', { name: 'Add Product' }));
    expect(await form.findAllByText('Quantity must be positive')).not.toHaveLength(0);
    expect(server.requests.some((r) => r.path === '/api/products/add')).toBe(false);

    await user.clear(form.getByRole('textbox', { name: 'Colours' }));
    expect(form.queryByRole('table', { name: 'Stock per variant' })).toBeNull();
    expect((form.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).disabled).toBe(false);
  });
});
