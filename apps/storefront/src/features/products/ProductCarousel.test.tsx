import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../../test/web-support/fetch';
import { renderWithProviders } from '../../test/render';
import { ProductCarousel } from './ProductCarousel';

const DESCRIPTION =
  'A single-breasted overcoat cut long, with a half lining. Roomy enough to wear over a chunky knit. Care: Brush after wear, hang it on a shaped hanger and have it dry cleaned by a specialist once a season.';

const OVERCOAT = {
  _id: '665f1c2ab4d3e8a9c0f1b021',
  id: '665f1c2ab4d3e8a9c0f1b021',
  name: 'Wool Overcoat',
  slug: 'wool-overcoat',
  description: DESCRIPTION,
  price: 229,
  brand: 'Alpine Co.',
  image: '/uploads/overcoat.jpg',
  rating: 3.6,
  numReviews: 4,
  quantity: 7,
  countInStock: 5,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
};

describe('ProductCarousel', () => {
  it("shows what the spec lists on a slide: price with '$', the description cut to 150 characters, brand, added time, review count, the rating rounded, quantity and 'In Stock'", async () => {
    stubFetch(({ method, path }) => (method === 'GET' && path.startsWith('/api/products/top') ? { body: [OVERCOAT] } : undefined));
    renderWithProviders(<ProductCarousel />, { path: '/' });
    const slide = (await screen.findAllByRole('group', { name: 'Wool Overcoat' }))[0];
    const text = slide.textContent ?? '';
    expect(within(slide).getByRole('heading', { name: 'Wool Overcoat' })).toBeTruthy();
    expect(text).toContain('$229.00');
    expect(text).toContain(`${DESCRIPTION.slice(0, 150)}...`);
    expect(text).not.toContain(DESCRIPTION.slice(0, 160));
    expect(text).toContain('Brand: Alpine Co.');
    expect(text).toMatch(/Added: .*ago/);
    expect(text).toContain('Reviews: 4');
    expect(text).toContain('Rating: 4');
    expect(text).not.toContain('3.6');
    expect(text).toContain('Quantity: 7');
    expect(text).toContain('In Stock: 5');
  });
});
