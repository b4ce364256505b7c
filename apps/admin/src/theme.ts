import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The storefront's palette: ink and a warm accent, light and dark (spec: light and dark display modes). */
const palette = { primary: { main: '#7c3aed' }, secondary: { main: '#db2777' } };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, ...palette, mode: 'light' },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#a78bfa' }, secondary: { main: '#f472b6' }, mode: 'dark' },
};

/** The storefront keeps the mode in localStorage 'darkMode' (JSON boolean, dark by default). */
export function storedDarkMode(): boolean {
  try {
    const raw = localStorage.getItem('darkMode');
    return raw === null ? true : JSON.parse(raw) === true;
  } catch {
    return true;
  }
}

export function storeDarkMode(dark: boolean): void {
  try {
    localStorage.setItem('darkMode', JSON.stringify(dark));
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage blocked: the console still switches */
  }
}
