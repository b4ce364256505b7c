import { createSlice } from '@reduxjs/toolkit';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage';

/** Dark mode is on when nothing is stored (spec section 4). */
export function loadDarkMode(): boolean {
  const stored = readJson<boolean | null>(STORAGE_KEYS.darkMode, null);
  return stored === null ? true : stored === true;
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: () => ({ darkMode: loadDarkMode() }),
  reducers: {
    toggleDarkMode(state) {
      state.darkMode = !state.darkMode;
      writeJson(STORAGE_KEYS.darkMode, state.darkMode);
      // The server renders the next page in this mode (public/theme-init.js keeps the cookie in step too).
      if (typeof document !== 'undefined') document.cookie = `darkMode=${state.darkMode}; path=/; max-age=31536000; samesite=lax`;
    },
  },
});

export const { toggleDarkMode } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;
