import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Navigate, Link as RouterLink, Outlet, useLocation, useMatches } from 'react-router-dom';
import { useAppSelector } from '../lib/store-hooks';
import { usePageMeta } from '../lib/meta';
import { PageHeader } from './ui/PageHeader';

/** What a signed-in page shows before the visitor is known (its route's `handle`, see app/routes.tsx). */
export interface ShellHandle {
  shell: { title: string; subtitle: string };
}

function shellOf(handle: unknown): ShellHandle['shell'] | undefined {
  return typeof handle === 'object' && handle !== null && 'shell' in handle ? (handle as ShellHandle).shell : undefined;
}

/**
 * The page's frame, prerendered at build time (no visitor yet): its heading and a placeholder where the
 * visitor's data goes. The browser replaces it once it knows who is there; without JavaScript it says how to
 * sign in.
 */
function SignedInShell({ title, subtitle, redirect }: { title: string; subtitle: string; redirect: string }) {
  usePageMeta(title, subtitle);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title={title} subtitle={subtitle} />
      <noscript>
        <Link component={RouterLink} to={`/login?redirect=${encodeURIComponent(redirect)}`}>
          Sign in to see this page.
        </Link>
      </noscript>
      <Stack spacing={2} aria-hidden>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    </Container>
  );
}

/** Without signed-in user info the visitor goes to /login (history replaced); otherwise the page shows. */
export default function ProtectedRoute() {
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const location = useLocation();
  const matches = useMatches();
  const redirect = location.pathname + location.search;
  // Rendered without a browser (the build's prerender): nobody is signed in or out yet.
  if (typeof window === 'undefined') {
    const shell = shellOf(matches[matches.length - 1]?.handle);
    if (shell) return <SignedInShell {...shell} redirect={redirect} />;
  }
  if (!userInfo) return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  return <Outlet />;
}
