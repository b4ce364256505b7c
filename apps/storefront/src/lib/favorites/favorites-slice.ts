import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS, readJson, writeJson } from '../storage';
import { addFavorite, removeFavorite, type FavoriteProduct } from './favorites-logic';

const favoritesSlice = createSlice({
  name: 'favorites',
  initialState: () => ({ items: readJson<FavoriteProduct[]>(STORAGE_KEYS.favorites, []) }),
  reducers: {
    favoriteAdded(state, action: PayloadAction<FavoriteProduct>) {
      state.items = addFavorite(state.items, action.payload);
      writeJson(STORAGE_KEYS.favorites, state.items);
    },
    favoriteRemoved(state, action: PayloadAction<string>) {
      state.items = removeFavorite(state.items, action.payload);
      writeJson(STORAGE_KEYS.favorites, state.items);
    },
    favoritesSet(state, action: PayloadAction<FavoriteProduct[]>) {
      state.items = action.payload;
      writeJson(STORAGE_KEYS.favorites, state.items);
    },
    favoritesCleared(state) {
      state.items = [];
    },
  },
});

export const { favoriteAdded, favoriteRemoved, favoritesSet, favoritesCleared } = favoritesSlice.actions;
export const favoritesReducer = favoritesSlice.reducer;
