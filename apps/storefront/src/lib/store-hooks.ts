import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The store's state as the features see it. The store is made in app/store.ts from the features' reducers, which
 * fills this interface in (declaration merging), so shared code and features type their selectors and thunks
 * without importing the app: dependencies flow shared → features → app (eslint.config.mjs, boundaries).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by app/store.ts
export interface ShopState {}

/** The store's dispatch: plain actions and thunks. */
export type ShopDispatch = ThunkDispatch<ShopState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<ShopDispatch>();
export const useAppSelector = useSelector.withTypes<ShopState>();
