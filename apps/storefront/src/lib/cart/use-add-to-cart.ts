import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../toast';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import type { Product, Variant } from '../models';
import { validateAddToCart } from '../validation';
import type { AddToCartSource } from './cart-logic';
import { addToCartAndSync } from './cart-thunks';

/** The sign-in page, coming back to the product's page afterwards. */
export function loginToReturnTo(productId: string): string {
  return `/login?redirect=${encodeURIComponent(`/product/${productId}`)}`;
}

/**
 * Add to cart with the spec's checks: login first (wording depends on the screen), then stock. A guest's toast
 * has a 'Log in' link that brings the shopper back to the product once signed in.
 */
export function useAddToCart(from: AddToCartSource) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector((s) => !!s.session.userInfo);
  return useCallback(
    async (product: Pick<Product, '_id' | 'name' | 'price' | 'image' | 'countInStock'>, quantity = 1, variant?: Variant | null) => {
      const stock = variant ? variant.countInStock : product.countInStock;
      const problem = validateAddToCart({ signedIn, countInStock: stock, from });
      if (problem) {
        toast.error(
          problem,
          signedIn ? undefined : { action: { label: 'Log in', href: loginToReturnTo(product._id), navigate: (to) => void navigate(to) } },
        );
        return false;
      }
      return dispatch(
        addToCartAndSync(
          {
            productId: product._id,
            name: product.name,
            price: variant?.price ?? product.price,
            image: variant?.image ?? product.image,
            quantity,
            variantSku: variant?.sku ?? null,
            size: variant?.size ?? null,
            colour: variant?.colour ?? null,
            countInStock: stock,
          },
          from,
        ),
      );
    },
    [dispatch, navigate, signedIn, from],
  );
}
