import { createAccount, type TestAccount, createCategory } from './fixtures';
import { startTestStack, type TestStack } from './test-stack';

/** A stack with an admin, two customers (Ann and Bob) and a category to put reviewed products in. */
export interface ReviewWorld {
  stack: TestStack;
  admin: TestAccount;
  ann: TestAccount;
  bob: TestAccount;
  category: string;
}

/** `env` configures the API, e.g. { REVIEW_MODERATION: 'pre' }. */
export async function startReviewWorld(categoryName: string, env: Record<string, string> = {}): Promise<ReviewWorld> {
  const stack = await startTestStack({ env });
  const [admin, ann, bob] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack, 'customer'), createAccount(stack, 'customer')]);
  const category = await createCategory(stack, admin, categoryName);
  return { stack, admin, ann, bob, category };
}

/** POST /api/products/{id}/reviews as this customer. */
export function postReview(stack: TestStack, who: TestAccount, productId: string, body: { rating?: unknown; comment?: unknown }) {
  return stack.http().post(`/api/products/${productId}/reviews`).set('Authorization', who.bearer).send(body);
}
