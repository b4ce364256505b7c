/** Where the console is mounted; the storefront owns everything else on the origin. */
export const ADMIN_BASENAME = '/admin';

/**
 * A console path for router links (react-admin's Link and Menu.Item take router paths as they are, and
 * the console's routes live under /admin/* of one BrowserRouter).
 */
export function adminPath(path: string): string {
  return `${ADMIN_BASENAME}${path.startsWith('/') ? '' : '/'}${path}`;
}
