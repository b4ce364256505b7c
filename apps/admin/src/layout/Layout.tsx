import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import { IconButton, Tooltip, type Theme } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout as RaLayout, LoadingIndicator, useTheme } from 'react-admin';
import { SessionExpiredDialog } from '../authProvider/SessionExpiredDialog';
import { storeDarkMode, storedDarkMode } from '../theme';
import { AdminMenu } from './Menu';

/** The storefront's mode as a react-admin theme name. */
const storefrontTheme = () => (storedDarkMode() ? 'dark' : 'light');

/**
 * On opening, the console takes the storefront's mode (localStorage 'darkMode'). It only reads it: opening the
 * console must never change the storefront's mode (issue #23, defect 5: react-admin's default, from the OS's
 * prefers-color-scheme, used to be written back).
 */
function ThemeSync() {
  const [theme, setTheme] = useTheme(storefrontTheme());
  useEffect(() => {
    const wanted = storefrontTheme();
    if (theme !== wanted) setTheme(wanted);
    // Once, on opening: afterwards the console's own toggle decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run once on opening, on purpose
  }, []);
  return null;
}

/** The console's theme toggle: the one place that writes the storefront's darkMode, on an explicit click. */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme(storefrontTheme());
  const next = theme === 'dark' ? 'light' : 'dark';
  const toggle = () => {
    setTheme(next);
    storeDarkMode(next === 'dark');
  };
  return (
    <Tooltip title="Toggle Theme" enterDelay={300}>
      <IconButton color="inherit" onClick={toggle} aria-label="Toggle Theme">
        {theme === 'dark' ? <Brightness7Icon /> : <Brightness4Icon />}
      </IconButton>
    </Tooltip>
  );
}

const ShopAppBar = () => (
  <AppBar
    toolbar={
      <>
        <ThemeToggle />
        <LoadingIndicator />
      </>
    }
  />
);

/**
 * Below md the page may shrink below its content's widest line (react-admin's layout is `min-width: fit-content`
 * and flex items keep their min-content width by default), so a long filter, tab row or list line scrolls or wraps
 * inside the page instead of widening it past a phone's screen (issue #23, defect 9).
 */
const CONTENT_SHRINKS = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } },
});

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={AdminMenu} appBar={ShopAppBar} sx={CONTENT_SHRINKS}>
      <ThemeSync />
      <SessionExpiredDialog />
      {children}
    </RaLayout>
  );
}
