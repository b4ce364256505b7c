import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Review } from '../../lib/models';
import { stubFetch, type SeenRequest } from '../../../../../test/web-support/fetch';
import { renderWithProviders, signedInStore } from '../../test/render';
import { makeStore } from '../../app/store';
import { ReviewForm } from './ReviewForm';

const PRODUCT = '665f1c2ab4d3e8a9c0f1b001';
const MINE = `/api/products/${PRODUCT}/reviews/mine`;

/**
 * The review endpoints of one product, with the customer's review kept between calls as the API keeps it:
 * GET .../reviews/mine, POST .../reviews (a new one), PUT .../reviews/mine (an edit).
 */
function reviewServer(initial: Review | null) {
  let mine = initial;
  const save = (request: SeenRequest, status: Review['status']) => {
    const { rating, comment } = request.body as { rating: number; comment: string };
    mine = {
      _id: '6660a1b2c3d4e5f6a7b8c901',
      name: 'Ada Lovelace',
      rating,
      comment,
      createdAt: '2025-03-02T10:00:00.000Z',
      verifiedPurchase: true,
      status,
    };
    return { status: request.method === 'POST' ? 201 : 200, body: { message: 'Review saved', review: mine, rating, numReviews: 1 } };
  };
  return stubFetch((request) => {
    if (request.method === 'GET' && request.path === MINE) return { body: { review: mine } };
    if (request.method === 'POST' && request.path === `/api/products/${PRODUCT}/reviews`) return save(request, 'approved');
    if (request.method === 'PUT' && request.path === MINE) return save(request, 'pending');
    return undefined;
  });
}

/**
 * Picks a rating as a keyboard user does: Shift+Tab from the review text to the stars, then the arrow keys (a
 * pointer click cannot be simulated here: MUI's Rating reads the star under the pointer from the layout, and
 * happy-dom lays nothing out).
 */
async function rate(user: UserEvent, form: HTMLElement, stars: number) {
  await user.click(within(form).getByRole('textbox', { name: 'Your review' }));
  await user.tab({ shift: true });
  const current = Number((document.activeElement as HTMLInputElement).value || 0);
  const key = stars > current ? '{ArrowRight}' : '{ArrowLeft}';
  await user.keyboard(key.repeat(Math.abs(stars - current)));
  expect((within(form).getByRole('radio', { name: `${stars} Star${stars === 1 ? '' : 's'}` }) as HTMLInputElement).checked).toBe(true);
}

const writes = (requests: SeenRequest[]) => requests.filter((r) => r.method !== 'GET');

describe('ReviewForm', () => {
  it('asks a guest to sign in first, with the way back to the product', () => {
    const { requests } = reviewServer(null);
    renderWithProviders(<ReviewForm productId={PRODUCT} />, { store: makeStore() });
    expect(screen.getByText(/Please login to submit a review/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe(`/login?redirect=/product/${PRODUCT}`);
    expect(screen.queryByRole('form')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('validates before sending: an empty review, then a missing rating', async () => {
    const { requests } = reviewServer(null);
    const { user } = renderWithProviders(<ReviewForm productId={PRODUCT} />, { store: signedInStore() });
    const form = await screen.findByRole('form', { name: 'Write a review' });

    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review cannot be empty')).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: 'Your review' }), 'Great fit');
    expect(within(form).getByText('491 characters remaining')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Please select a rating from 1 to 5 stars')).toBeTruthy();

    expect(writes(requests)).toEqual([]);
  });

  it('posts the rating and the trimmed review, then shows the saved review in place of the form', async () => {
    const { requests } = reviewServer(null);
    const { user } = renderWithProviders(<ReviewForm productId={PRODUCT} />, { store: signedInStore() });
    const form = await screen.findByRole('form', { name: 'Write a review' });

    await rate(user, form, 4);
    await user.type(within(form).getByRole('textbox', { name: 'Your review' }), '  Soft cotton, true to size.  ');
    await user.click(within(form).getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review submitted successfully!')).toBeTruthy();
    expect(writes(requests)).toHaveLength(1);
    expect(writes(requests)[0]).toMatchObject({
      method: 'POST',
      path: `/api/products/${PRODUCT}/reviews`,
      body: { rating: 4, comment: 'Soft cotton, true to size.' },
    });

    // The product's reviews are fetched again: the customer now sees their review, not a second form.
    const own = await screen.findByTestId('own-review');
    expect(within(own).getByRole('img', { name: 'Your rating: 4 out of 5 stars' })).toBeTruthy();
    expect(within(own).getByText('Soft cotton, true to size.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('edits an existing review in a pre-filled form and saves it with PUT', async () => {
    const { requests } = reviewServer({
      _id: '6660a1b2c3d4e5f6a7b8c901',
      name: 'Ada Lovelace',
      rating: 2,
      comment: 'Runs small.',
      createdAt: '2025-03-01T10:00:00.000Z',
      verifiedPurchase: true,
      status: 'approved',
    });
    const { user } = renderWithProviders(<ReviewForm productId={PRODUCT} />, { store: signedInStore() });

    await user.click(await screen.findByRole('button', { name: 'Edit your review' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    const text = within(form).getByRole('textbox', { name: 'Your review' }) as HTMLTextAreaElement;
    expect(text.value).toBe('Runs small.');
    expect(document.activeElement).toBe(text);
    expect((within(form).getByRole('radio', { name: '2 Stars' }) as HTMLInputElement).checked).toBe(true);

    await user.clear(text);
    await user.type(text, 'Runs small; size up.');
    await rate(user, form, 3);
    await user.click(within(form).getByRole('button', { name: 'Save review' }));

    expect(await screen.findByText('Review updated successfully!')).toBeTruthy();
    expect(writes(requests)).toEqual([expect.objectContaining({ method: 'PUT', path: MINE, body: { rating: 3, comment: 'Runs small; size up.' } })]);
    // Back to the saved review, now awaiting moderation, with the focus on its Edit button.
    expect(await screen.findByText(/Your review is awaiting moderation/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit your review' })));
  });

  it('cancels an edit without sending anything', async () => {
    const { requests } = reviewServer({
      _id: '6660a1b2c3d4e5f6a7b8c901',
      name: 'Ada Lovelace',
      rating: 5,
      comment: 'Perfect.',
      createdAt: '2025-03-01T10:00:00.000Z',
      verifiedPurchase: false,
      status: 'approved',
    });
    const { user } = renderWithProviders(<ReviewForm productId={PRODUCT} />, { store: signedInStore() });
    await user.click(await screen.findByRole('button', { name: 'Edit your review' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('own-review')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(writes(requests)).toEqual([]);
  });
});
