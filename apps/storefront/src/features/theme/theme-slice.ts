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
    },
  },
});

export const { toggleDarkMode } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;
