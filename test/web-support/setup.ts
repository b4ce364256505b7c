// Vitest setup of both web apps' component projects (apps/*/vite.config.mts).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount every rendered tree
// here, and undo each test's stubs (fetch) and storage (the session and the cart live in localStorage).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
