import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useTheme } from 'react-admin';
import { storeDarkMode } from '../theme';
import { AdminMenu } from './Menu';

/** Keeps the storefront's darkMode key in step with the console's theme toggle. */
function ThemeSync() {
  const [theme] = useTheme();
  useEffect(() => {
    if (theme === 'dark' || theme === 'light') storeDarkMode(theme === 'dark');
  }, [theme]);
  return null;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <RaLayout menu={AdminMenu}>
      <ThemeSync />
      {children}
    </RaLayout>
  );
}
