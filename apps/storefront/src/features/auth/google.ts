/** Google Identity Services, loaded only when a client id is configured. */
export function googleClientId(): string | undefined {
  // No window while the page is prerendered at build time: the build's own setting then.
  const runtime =
    typeof window === 'undefined'
      ? undefined
      : (window as unknown as { __SHOP_CONFIG__?: { googleClientId?: string } }).__SHOP_CONFIG__?.googleClientId;
  return runtime || (import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined) || undefined;
}

/** The identity provider's own error codes, shown as they are (spec section 8). */
export const GOOGLE_ERRORS: Record<string, string> = {
  'auth/unauthorized-domain': 'auth/unauthorized-domain: this domain is not authorised for Google sign-in.',
  'auth/popup-blocked': 'auth/popup-blocked: the browser blocked the Google sign-in window.',
  'auth/popup-closed-by-user': 'auth/popup-closed-by-user: the Google sign-in window was closed.',
  'auth/network-request-failed': 'auth/network-request-failed: Google could not be reached.',
};

export function googleErrorText(code: string): string {
  return GOOGLE_ERRORS[code] ?? `Google sign-in failed (${code}).`;
}

/** The (unverified) claims of an ID token, used only to prefill the body; the server verifies the token. */
export function decodeIdToken(credential: string): { sub?: string; email?: string; name?: string; picture?: string } {
  try {
    const payload = credential.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)))) as {
      sub?: string;
      email?: string;
      name?: string;
      picture?: string;
    };
  } catch {
    return {};
  }
}

interface GoogleIdApi {
  initialize(options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: string }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
}

let loading: Promise<GoogleIdApi> | undefined;

export function loadGoogleIdentity(): Promise<GoogleIdApi> {
  const existing = (window as unknown as { google?: { accounts?: { id?: GoogleIdApi } } }).google?.accounts?.id;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<GoogleIdApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { google?: { accounts?: { id?: GoogleIdApi } } }).google?.accounts?.id;
      if (api) resolve(api);
      else reject(new Error('auth/internal-error'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('auth/network-request-failed'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
