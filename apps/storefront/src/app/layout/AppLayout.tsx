import Box from '@mui/material/Box';
import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { ShopHeader } from './ShopHeader';
import { SideMenu, SIDE_BAR_WIDTH } from './SideMenu';

const CustomCursor = lazy(() => import('../../features/cursor/CustomCursor'));
// Shown only while a later page's chunk loads: not needed for the first page.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

export function AppLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SideMenu />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', ml: { lg: `${SIDE_BAR_WIDTH}px` } }}>
        {navigation.state === 'loading' && (
          <Suspense fallback={null}>
            <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} aria-label="Loading page" />
          </Suspense>
        )}
        {/* The header sits under the mobile top bar (it keeps that bar's room above it) and sticks on top on large screens. */}
        <ShopHeader />
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
      <ScrollToTop />
      <Suspense fallback={null}>
        <CustomCursor />
      </Suspense>
    </Box>
  );
}
