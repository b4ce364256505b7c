import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/store';

/** Without signed-in user info the visitor goes to /login (history replaced); otherwise the page shows. */
export default function ProtectedRoute() {
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const location = useLocation();
  if (!userInfo) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}
