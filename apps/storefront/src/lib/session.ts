import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from './models';
import { STORAGE_KEYS, clearAllStorage, readJson, readString, removeKey, writeJson, writeString } from './storage';

/** The "30-day-style factor" of the spec: used when the server does not say when the token expires. */
export const SESSION_DAYS = 30;

export interface SessionState {
  userInfo: UserInfo | null;
}

/** Reads the stored session; an expired one is dropped. */
export function loadSession(now = Date.now()): SessionState {
  const userInfo = readJson<UserInfo | null>(STORAGE_KEYS.userInfo, null);
  const expiration = Number(readString(STORAGE_KEYS.expirationTime) ?? 0);
  if (userInfo && expiration && expiration < now) {
    removeKey(STORAGE_KEYS.userInfo);
    removeKey(STORAGE_KEYS.token);
    removeKey(STORAGE_KEYS.expirationTime);
    return { userInfo: null };
  }
  return { userInfo };
}

/** The expiry timestamp to store: the server's expiresAt, else now plus 30 days. */
export function expirationFor(userInfo: { expiresAt?: string | number | null }, now = Date.now()): number {
  const server = userInfo.expiresAt ? new Date(userInfo.expiresAt).getTime() : NaN;
  return Number.isFinite(server) ? server : now + SESSION_DAYS * 24 * 60 * 60 * 1000;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: loadSession,
  reducers: {
    /** Sign-in, registration, Google sign-in and profile update store the user info. */
    setCredentials(state, action: PayloadAction<UserInfo>) {
      const previous = state.userInfo;
      const info = { ...action.payload };
      // A profile update answers without a new token: keep the one we have.
      if (!info.token && previous?.token) info.token = previous.token;
      if (!info.expiresAt && previous?.expiresAt) info.expiresAt = previous.expiresAt;
      state.userInfo = info;
      writeJson(STORAGE_KEYS.userInfo, info);
      if (info.token) writeString(STORAGE_KEYS.token, info.token);
      writeString(STORAGE_KEYS.expirationTime, String(expirationFor(info)));
    },
    /** Logout: local state cleared and all browser storage emptied. */
    clearSession(state) {
      state.userInfo = null;
      clearAllStorage();
    },
  },
});

export const { setCredentials, clearSession } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
