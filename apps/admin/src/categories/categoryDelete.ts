/**
 * What stops a category's deletion, in the API's words (409 CATEGORY_IN_USE), or undefined when it can go:
 * "Shoes has 12 products: move or delete them first".
 */
export function categoryDeleteBlocker(name: string, productCount: number | undefined): string | undefined {
  if (!productCount) return undefined;
  return productCount === 1 ? `${name} has 1 product: move or delete it first` : `${name} has ${productCount} products: move or delete them first`;
}

/** "No products", "1 product", "12 products". */
export function productCountText(productCount: number | undefined): string {
  if (productCount === undefined) return '';
  if (productCount === 0) return 'No products';
  return productCount === 1 ? '1 product' : `${productCount} products`;
}
