/**
 * Every validation rule and message of the spec (section 5), as pure functions. Each returns the
 * message to show, or null when the input is acceptable.
 */
export const MESSAGES = {
  loginFill: 'Please fill all the fields',
  loginEmail: 'Invalid email address',
  registerFill: 'Please fill all fields',
  registerEmail: 'Please enter a valid email address',
  passwordsMismatch: 'Passwords do not match',
  passwordLength: 'Password must be at least 8 characters',
  categoryRequired: 'Category name is required',
  adminProductFill: 'Please fill out all fields.',
  adminProductImage: 'Please upload an image.',
  priceNegative: 'Price must be positive',
  quantityNegative: 'Quantity must be positive',
  tooManyImages: 'Maximum 4 additional images allowed',
  reviewLogin: 'Please login to submit a review',
  reviewEmpty: 'Review cannot be empty',
  reviewTooLong: 'Review must be 500 characters or less',
  reviewRating: 'Please select a rating from 1 to 5 stars',
  cartLogin: 'Please login to add items to cart',
  shopCartLogin: 'Login to add product to cart!',
  outOfStock: 'Out of Stock',
  newsletterEmpty: 'please enter a valid email address',
  newsletterInvalid: 'Please enter a valid email address',
  favoritesLogin: 'Please login first',
} as const;

export const REVIEW_MAX_LENGTH = 500;
export const MAX_ADDITIONAL_IMAGES = 4;

/** "{email}": some text, an @, some text, a dot, some text, no spaces. */
const EMAIL = /^\S+@\S+\.\S+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

const blank = (value: string | undefined | null) => !value || !value.trim();

export function validateLogin(input: { email: string; password: string }): string | null {
  if (blank(input.email) || !input.password) return MESSAGES.loginFill;
  if (!isEmail(input.email)) return MESSAGES.loginEmail;
  return null;
}

/** The on-blur check of the login e-mail field: nothing for an empty field, else the format rule. */
export function validateLoginEmailOnBlur(email: string): string | null {
  if (blank(email)) return null;
  return isEmail(email) ? null : MESSAGES.loginEmail;
}

export function validateRegister(input: { username: string; email: string; password: string; confirmPassword: string }): string | null {
  if (blank(input.username) || blank(input.email) || !input.password || !input.confirmPassword) return MESSAGES.registerFill;
  if (!isEmail(input.email)) return MESSAGES.registerEmail;
  if (input.password !== input.confirmPassword) return MESSAGES.passwordsMismatch;
  if (input.password.length < 8) return MESSAGES.passwordLength;
  return null;
}

/** Profile update and password reset: an entered password must equal its confirmation. */
export function validatePasswordChange(password: string, confirmPassword: string): string | null {
  if (!password && !confirmPassword) return null;
  if (password !== confirmPassword) return MESSAGES.passwordsMismatch;
  if (password.length < 8) return MESSAGES.passwordLength;
  return null;
}

export function validateCategoryName(name: string): string | null {
  return blank(name) ? MESSAGES.categoryRequired : null;
}

export interface AdminProductInput {
  image: unknown;
  name: string;
  description: string;
  price: string | number;
  category: string;
  quantity: string | number;
  brand: string;
  countInStock: string | number;
}

export function validateAdminProduct(input: AdminProductInput): string | null {
  if (!input.image) return MESSAGES.adminProductImage;
  const values = [input.name, input.description, input.price, input.category, input.quantity, input.brand, input.countInStock];
  if (values.some((v) => v === undefined || v === null || String(v).trim() === '')) return MESSAGES.adminProductFill;
  return null;
}

export interface DistributorProductInput {
  name: string;
  brand: string;
  description: string;
  category: string;
  price: string | number;
  quantity: string | number;
  image: unknown;
  additionalImages: unknown[];
}

/** The distributor's Add New Product form. Returns messages keyed by field (empty when valid). */
export function validateDistributorProduct(input: DistributorProductInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (blank(input.name)) errors.name = 'Name is required';
  if (blank(input.brand)) errors.brand = 'Brand is required';
  if (blank(input.description)) errors.description = 'Description is required';
  if (blank(input.category)) errors.category = 'Category is required';
  const price = Number(input.price);
  if (String(input.price).trim() === '' || Number.isNaN(price)) errors.price = 'Price is required';
  else if (price < 0) errors.price = MESSAGES.priceNegative;
  const quantity = Number(input.quantity);
  if (String(input.quantity).trim() === '' || Number.isNaN(quantity)) errors.quantity = 'Quantity is required';
  else if (quantity < 0) errors.quantity = MESSAGES.quantityNegative;
  if (!input.image) errors.image = MESSAGES.adminProductImage;
  if (input.additionalImages.length > MAX_ADDITIONAL_IMAGES) errors.additionalImages = MESSAGES.tooManyImages;
  return errors;
}

export function validateReview(input: { signedIn: boolean; comment: string; rating: number }): string | null {
  if (!input.signedIn) return MESSAGES.reviewLogin;
  if (blank(input.comment)) return MESSAGES.reviewEmpty;
  if (input.comment.length > REVIEW_MAX_LENGTH) return MESSAGES.reviewTooLong;
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) return MESSAGES.reviewRating;
  return null;
}

export function reviewCharactersLeft(comment: string): number {
  return REVIEW_MAX_LENGTH - comment.length;
}

/** Add to cart: login first (the shop's wording differs from the product page's). */
export function validateAddToCart(input: { signedIn: boolean; countInStock: number; from: 'product' | 'shop' }): string | null {
  if (!input.signedIn) return input.from === 'shop' ? MESSAGES.shopCartLogin : MESSAGES.cartLogin;
  if (input.countInStock <= 0) return MESSAGES.outOfStock;
  return null;
}

/** Newsletter e-mail: empty and malformed give different toasts. */
export function validateNewsletterEmail(email: string): string | null {
  if (blank(email)) return MESSAGES.newsletterEmpty;
  if (!isEmail(email)) return MESSAGES.newsletterInvalid;
  return null;
}
