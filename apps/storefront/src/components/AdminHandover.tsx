import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../lib/store-hooks';
import { usePageMeta } from '../lib/meta';

const GUARD_KEY = 'admin-handover';

/**
 * /admin/* belongs to the admin console (a separate app served at /admin): admins get a full page load
 * there; everyone else is sent to /login. A guard stops a reload loop when the console is not deployed.
 */
export default function AdminHandover() {
  usePageMeta('Admin', 'Opening the Threadline admin console.');
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const location = useLocation();
  const [unavailable, setUnavailable] = useState(false);
  const target = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (!userInfo?.isAdmin) return;
    const last = sessionStorage.getItem(GUARD_KEY);
    const [path, at] = last ? last.split('|') : [];
    if (path === target && Date.now() - Number(at) < 5000) {
      setUnavailable(true);
      return;
    }
    sessionStorage.setItem(GUARD_KEY, `${target}|${Date.now()}`);
    window.location.assign(target);
  }, [userInfo, target]);

  if (!userInfo?.isAdmin) return <Navigate to="/login" replace />;
  return (
    <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
      {unavailable ? (
        <Alert severity="error">The admin console is not available on this server.</Alert>
      ) : (
        <CircularProgress aria-label="Opening the admin console" />
      )}
    </Box>
  );
}
