import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test/render';
import { ProductFormFields } from './ProductFormFields';
import { emptyProduct, VARIANT_STOCK_HELP, type ProductFormValues } from './productForm';

const CATEGORIES = [
  { id: '665f1c2ab4d3e8a9c0f1c003', _id: '665f1c2ab4d3e8a9c0f1c003', name: 'Accessories', slug: 'accessories' },
  { id: '665f1c2ab4d3e8a9c0f1c002', _id: '665f1c2ab4d3e8a9c0f1c002', name: 'Knitwear', slug: 'knitwear' },
];

/** The form as ProductCreate holds it: the values in state, each change handed back; `changes` sees every one. */
function Form({ initial, changes }: { initial: ProductFormValues; changes: (values: ProductFormValues) => void }) {
  const [values, setValues] = useState(initial);
  return (
    <ProductFormFields
      values={values}
      quantityMin={0}
      onChange={(next) => {
        changes(next);
        setValues(next);
      }}
    />
  );
}

function setup(initial: Partial<ProductFormValues> = {}) {
  const changes = vi.fn<(values: ProductFormValues) => void>();
  const getList = vi.fn((resource: string, params: GetListParams) =>
    Promise.resolve(
      resource === 'categories' && params.pagination?.page === 1 ? { data: CATEGORIES, total: CATEGORIES.length } : { data: [], total: 0 },
    ),
  );
  const rendered = renderInAdmin(<Form initial={{ ...emptyProduct(), ...initial }} changes={changes} />, {
    dataProvider: { getList },
    path: '/admin/productlist',
  });
  const last = () => changes.mock.lastCall?.[0] as ProductFormValues;
  const field = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
  return { ...rendered, changes, getList, last, field };
}

describe('ProductFormFields', () => {
  it('keeps Quantity and Count In Stock one stock: typing in either sets both', async () => {
    const { user, last, field } = setup();
    await user.type(field('Quantity'), '12');
    expect(field('Count In Stock').value).toBe('12');
    expect(last()).toMatchObject({ quantity: '12', countInStock: '12' });

    await user.clear(field('Count In Stock'));
    await user.type(field('Count In Stock'), '7');
    expect(field('Quantity').value).toBe('7');
    expect(last()).toMatchObject({ quantity: '7', countInStock: '7' });
    expect(screen.getAllByText('Quantity and Count In Stock are the same stock')).toHaveLength(2);
  });

  it('offers every category from the data provider and stores the picked id', async () => {
    const { user, last, getList } = setup({ name: 'Cable Jumper' });
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'Knitwear' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose Category', 'Accessories', 'Knitwear']);
    expect(within(listbox).getByRole('option', { name: 'Choose Category' }).getAttribute('aria-disabled')).toBe('true');
    expect(getList).toHaveBeenCalledWith(
      'categories',
      expect.objectContaining({ pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } }),
    );

    await user.click(within(listbox).getByRole('option', { name: 'Knitwear' }));
    expect(last()).toMatchObject({ name: 'Cable Jumper', category: '665f1c2ab4d3e8a9c0f1c002' });
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('Knitwear');
  });

  it('makes the stock the sum of the variants, read-only, while there are variants', async () => {
    const { user, last, field } = setup({ quantity: '5', countInStock: '5' });
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await user.click(screen.getByRole('button', { name: 'Add variant' }));

    const first = screen.getByRole('group', { name: 'Variant 1' });
    await user.type(within(first).getByRole('textbox', { name: 'SKU' }), 'JMP-M');
    // The group is named after its SKU once there is one.
    const named = screen.getByRole('group', { name: 'Variant 1: JMP-M' });
    await user.clear(within(named).getByRole('spinbutton', { name: 'Stock' }));
    await user.type(within(named).getByRole('spinbutton', { name: 'Stock' }), '3');
    const second = screen.getByRole('group', { name: 'Variant 2' });
    await user.clear(within(second).getByRole('spinbutton', { name: 'Stock' }));
    await user.type(within(second).getByRole('spinbutton', { name: 'Stock' }), '4');

    expect(field('Quantity').value).toBe('7');
    expect(field('Count In Stock').value).toBe('7');
    expect(field('Quantity').readOnly).toBe(true);
    expect(field('Count In Stock').getAttribute('aria-readonly')).toBe('true');
    expect(screen.getAllByText(VARIANT_STOCK_HELP)).toHaveLength(2);
    expect(last().variants.map((v) => [v.sku, v.countInStock])).toEqual([
      ['JMP-M', '3'],
      ['', '4'],
    ]);

    await user.click(within(second).getByRole('button', { name: 'Remove variant' }));
    await user.click(within(screen.getByRole('group', { name: 'Variant 1: JMP-M' })).getByRole('button', { name: 'Remove variant' }));
    expect(screen.queryByRole('group', { name: /^Variant/ })).toBeNull();
    // Without variants the product's own stock is back, editable.
    expect(field('Quantity').value).toBe('5');
    expect(field('Quantity').readOnly).toBe(false);
  });

  it('adds and removes specification rows', async () => {
    const { user, last } = setup({ specifications: [{ key: 'Material', value: 'Merino' }] });
    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    const added = screen.getByRole('group', { name: 'Specification 2' });
    await user.type(within(added).getByRole('textbox', { name: 'Key' }), 'Care');
    await user.type(within(added).getByRole('textbox', { name: 'Value' }), 'Hand wash');
    expect(last().specifications).toEqual([
      { key: 'Material', value: 'Merino' },
      { key: 'Care', value: 'Hand wash' },
    ]);
    await user.click(within(screen.getByRole('group', { name: 'Specification 1' })).getByRole('button', { name: 'Remove specification' }));
    expect(last().specifications).toEqual([{ key: 'Care', value: 'Hand wash' }]);
    expect((within(screen.getByRole('group', { name: 'Specification 1' })).getByRole('textbox', { name: 'Key' }) as HTMLInputElement).value).toBe(
      'Care',
    );
  });

  it('takes a picked image and shows it, named on the button', async () => {
    const { user, last } = setup();
    expect(screen.queryByRole('img', { name: 'product' })).toBeNull();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'jumper.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('product-image'), photo);
    expect(last().image).toBe(photo);
    expect(screen.getByRole('img', { name: 'product' }).getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('jumper.jpg')).toBeTruthy();
  });
});
