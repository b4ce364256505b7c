import { createTheme, type Theme } from '@mui/material/styles';

/** System font stacks only: nothing is downloaded at run time. */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export function makeTheme(dark: boolean): Theme {
  return createTheme({
    palette: dark
      ? {
          mode: 'dark',
          primary: { main: '#f472b6', contrastText: '#1f1020' },
          secondary: { main: '#a5b4fc' },
          background: { default: '#0f1115', paper: '#181b22' },
        }
      : {
          mode: 'light',
          // #be185d on white is 6.0:1, comfortably above WCAG AA for text.
          primary: { main: '#be185d', contrastText: '#ffffff' },
          secondary: { main: '#4338ca' },
          background: { default: '#f7f7f9', paper: '#ffffff' },
        },
    shape: { borderRadius: 10 },
    typography: { fontFamily: FONT, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiButtonBase: { defaultProps: { disableRipple: false } },
      MuiCssBaseline: {
        styleOverrides: {
          // A focus ring everyone can see, in both modes.
          ':focus-visible': { outline: `3px solid ${dark ? '#fbcfe8' : '#9d174d'}`, outlineOffset: 2 },
          'a:focus-visible, button:focus-visible': { outline: `3px solid ${dark ? '#fbcfe8' : '#9d174d'}`, outlineOffset: 2 },
          img: { maxWidth: '100%' },
        },
      },
    },
  });
}
