import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../lib/store-hooks';
import { errorMessage } from '../../lib/api';
import type { UserInfo } from '../../lib/models';
import { useGoogleAuthGoogleLoginMutation, useGoogleAuthGoogleSignInMutation } from '../../lib/shop-api';
import { decodeIdToken, googleClientId, googleErrorText, loadGoogleIdentity } from './google';
import { signedIn } from './session-thunks';

/** Google sign-in: sends Google's ID token as `credential`. Shown only when a client id is configured. */
export function GoogleButton({ mode, onSignedIn }: { mode: 'login' | 'signup'; onSignedIn: (info: UserInfo) => void }) {
  const clientId = googleClientId();
  const holder = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string>();
  const dispatch = useAppDispatch();
  const [googleLogin] = useGoogleAuthGoogleLoginMutation();
  const [googleSignin] = useGoogleAuthGoogleSignInMutation();

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !holder.current) return;
        google.initialize({
          client_id: clientId,
          // Google ignores the callback's result: the sign-in runs on its own and reports through toasts.
          callback: ({ credential }) => {
            void (async () => {
              const claims = decodeIdToken(credential);
              const googleSignInDto = { credential, googleId: claims.sub, email: claims.email, username: claims.name, photoURL: claims.picture };
              try {
                const info = await (mode === 'login' ? googleLogin({ googleSignInDto }) : googleSignin({ googleSignInDto })).unwrap();
                await dispatch(signedIn(info));
                toast.success(mode === 'login' ? 'Logged In' : 'SignUp Successfully');
                onSignedIn(info);
              } catch (error) {
                toast.error(errorMessage(error));
              }
            })();
          },
        });
        google.renderButton(holder.current, { theme: 'outline', size: 'large', text: mode === 'login' ? 'signin_with' : 'signup_with', width: 320 });
      })
      .catch((error: Error) => {
        const text = googleErrorText(error.message);
        setProblem(text);
        toast.error(text);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, dispatch, googleLogin, googleSignin, onSignedIn]);

  if (!clientId) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }}>or</Divider>
      <Box ref={holder} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
