import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import CategoryIcon from '@mui/icons-material/Category';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LightModeIcon from '@mui/icons-material/LightMode';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { logout } from '../../features/auth/session-thunks';
import { cartCount } from '../../features/cart/cart-logic';
import { toggleDarkMode } from '../../features/theme/theme-slice';

export const SIDE_BAR_WIDTH = 232;

// The small screens' drawer (a modal with its transitions) loads when the menu is first opened.
const Drawer = lazy(() => import('@mui/material/Drawer'));

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  badge?: number;
  /** A full page load (the admin console is a separate app). */
  external?: boolean;
}

const ADMIN_LINKS: Item[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: <AdminPanelSettingsIcon />, external: true },
  { to: '/admin/productlist', label: 'Create Product', icon: <Inventory2Icon />, external: true },
  { to: '/admin/categorylist', label: 'Create Category', icon: <CategoryIcon />, external: true },
  { to: '/admin/orderlist', label: 'Manage Orders', icon: <ReceiptLongIcon />, external: true },
  { to: '/admin/userlist', label: 'Manage Users', icon: <PeopleIcon />, external: true },
];

function MenuLink({ item, onNavigate }: { item: Item; onNavigate?: () => void }) {
  const icon = item.badge ? (
    <Badge badgeContent={item.badge} color="primary" max={99} aria-label={`${item.badge} ${item.label.toLowerCase()}`}>
      {item.icon}
    </Badge>
  ) : (
    item.icon
  );
  const common = { onClick: onNavigate, sx: { borderRadius: 2, mx: 1, '&.active': { bgcolor: 'action.selected', color: 'primary.main' } } };
  return item.external ? (
    <ListItemButton component="a" href={item.to} {...common}>
      <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{icon}</ListItemIcon>
      <ListItemText primary={item.label} />
    </ListItemButton>
  ) : (
    <ListItemButton component={NavLink} to={item.to} end={item.to === '/'} {...common}>
      <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{icon}</ListItemIcon>
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}

function MenuContent({ large, onNavigate }: { large: boolean; onNavigate?: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userInfo = useAppSelector((s) => s.session.userInfo);
  const favorites = useAppSelector((s) => s.favorites.items.length);
  const cart = useAppSelector((s) => cartCount(s.cart.items));
  const darkMode = useAppSelector((s) => s.theme.darkMode);

  const main: Item[] = [
    { to: '/', label: 'Home', icon: <HomeIcon /> },
    { to: '/shop', label: 'Shop', icon: <ShoppingBagIcon /> },
    { to: '/cart', label: 'Cart', icon: <ShoppingCartIcon />, badge: cart },
    // The favourites badge shows the count when above zero.
    { to: '/favorite', label: 'Favorites', icon: <FavoriteIcon />, badge: favorites > 0 ? favorites : undefined },
    { to: '/blogs', label: 'Blogs', icon: <ArticleIcon /> },
  ];
  const admin = userInfo?.isAdmin ? (large ? ADMIN_LINKS.slice(0, 1) : ADMIN_LINKS) : [];

  const onLogout = async () => {
    onNavigate?.();
    await dispatch(logout());
    navigate('/');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 3, py: 2.5 }}>
        <Typography component={NavLink} to="/" onClick={onNavigate} variant="h5" sx={{ fontWeight: 800, color: 'primary.main', textDecoration: 'none', letterSpacing: 0.5 }}>
          Threadline
        </Typography>
      </Box>
      <nav aria-label="Main">
        <List>
          {main.map((item) => (
            <MenuLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </List>
      </nav>
      {admin.length > 0 && (
        <nav aria-label="Admin">
          <List subheader={<ListSubheader sx={{ bgcolor: 'transparent' }}>Admin</ListSubheader>}>
            {admin.map((item) => (
              <MenuLink key={item.to} item={item} onNavigate={onNavigate} />
            ))}
          </List>
        </nav>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Divider />
      <List aria-label="Account">
        {userInfo ? (
          <>
            <Typography sx={{ px: 3, py: 1, fontWeight: 600 }} noWrap data-testid="menu-username">
              {userInfo.username}
            </Typography>
            <MenuLink item={{ to: '/profile', label: 'Profile', icon: <PersonIcon /> }} onNavigate={onNavigate} />
            <ListItemButton onClick={onLogout} sx={{ borderRadius: 2, mx: 1 }}>
              <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Logout" />
            </ListItemButton>
          </>
        ) : (
          <>
            <MenuLink item={{ to: '/login', label: 'Login', icon: <LoginIcon /> }} onNavigate={onNavigate} />
            <MenuLink item={{ to: '/register', label: 'Register', icon: <PersonAddIcon /> }} onNavigate={onNavigate} />
          </>
        )}
        <ListItemButton onClick={() => dispatch(toggleDarkMode())} sx={{ borderRadius: 2, mx: 1 }} aria-pressed={darkMode} data-testid="theme-toggle">
          <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{darkMode ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
          <ListItemText primary={darkMode ? 'Light Mode' : 'Dark Mode'} />
        </ListItemButton>
      </List>
    </Box>
  );
}

/** A drawer on small screens, a fixed bar on large ones. */
export function SideMenu() {
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that it can also slide out.
  const [opened, setOpened] = useState(false);

  if (large) {
    return (
      <Box
        component="aside"
        sx={{ position: 'fixed', inset: '0 auto 0 0', width: SIDE_BAR_WIDTH, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowY: 'auto', zIndex: 1100 }}
      >
        <MenuContent large />
      </Box>
    );
  }
  return (
    <>
      <AppBar position="fixed" color="default" elevation={1} sx={{ bgcolor: 'background.paper' }}>
        <Toolbar>
          <IconButton
            edge="start"
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls="side-menu"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
          <Typography component={NavLink} to="/" variant="h6" sx={{ ml: 1, fontWeight: 800, color: 'primary.main', textDecoration: 'none' }}>
            Threadline
          </Typography>
        </Toolbar>
      </AppBar>
      {opened && (
        <Suspense fallback={null}>
          <Drawer id="side-menu" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: SIDE_BAR_WIDTH + 24 } } }}>
            <MenuContent large={false} onNavigate={() => setOpen(false)} />
          </Drawer>
        </Suspense>
      )}
    </>
  );
}
