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
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../store';
import { logout } from '../../features/auth/session-thunks';
import { cartCount } from '../../lib/cart/cart-logic';
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
  // On the selected background the dark theme's pink main is 3.97:1: the active item takes its lighter pink (5.8:1).
  const common = {
    onClick: onNavigate,
    sx: {
      borderRadius: 2,
      mx: 1,
      '&.active': { bgcolor: 'action.selected', color: (t: Theme) => (t.palette.mode === 'dark' ? t.palette.primary.light : t.palette.primary.main) },
    },
  };
  // Each link sits in its own <li>: a list holds list items only.
  return (
    <ListItem disablePadding>
      {item.external ? (
        <ListItemButton component="a" href={item.to} {...common}>
          <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ) : (
        <ListItemButton component={NavLink} to={item.to} end={item.to === '/'} {...common}>
          <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      )}
    </ListItem>
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
    void navigate('/');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 3, py: 2.5 }}>
        <Typography
          component={NavLink}
          to="/"
          onClick={onNavigate}
          variant="h5"
          sx={{ fontWeight: 800, color: 'primary.main', textDecoration: 'none', letterSpacing: 0.5 }}
        >
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
            <ListItem disablePadding>
              <Typography sx={{ px: 3, py: 1, fontWeight: 600 }} noWrap data-testid="menu-username">
                {userInfo.username}
              </Typography>
            </ListItem>
            <MenuLink item={{ to: '/profile', label: 'Profile', icon: <PersonIcon /> }} onNavigate={onNavigate} />
            <ListItem disablePadding>
              <ListItemButton onClick={onLogout} sx={{ borderRadius: 2, mx: 1 }}>
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary="Logout" />
              </ListItemButton>
            </ListItem>
          </>
        ) : (
          <>
            <MenuLink item={{ to: '/login', label: 'Login', icon: <LoginIcon /> }} onNavigate={onNavigate} />
            <MenuLink item={{ to: '/register', label: 'Register', icon: <PersonAddIcon /> }} onNavigate={onNavigate} />
          </>
        )}
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => dispatch(toggleDarkMode())}
            sx={{ borderRadius: 2, mx: 1 }}
            aria-pressed={darkMode}
            data-testid="theme-toggle"
          >
            <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{darkMode ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
            <ListItemText primary={darkMode ? 'Light Mode' : 'Dark Mode'} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}

/**
 * A drawer on small screens, a fixed bar on large ones. Both are rendered and CSS media queries show one
 * (the other is display:none, out of the accessibility tree too), so the first paint, before any
 * JavaScript, already has the right one: a large screen never shows the small screens' top bar.
 */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that it can also slide out.
  const [opened, setOpened] = useState(false);

  return (
    <>
      <Box
        component="aside"
        data-testid="side-bar"
        sx={{
          display: { xs: 'none', lg: 'block' },
          position: 'fixed',
          inset: '0 auto 0 0',
          width: SIDE_BAR_WIDTH,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          overflowY: 'auto',
          zIndex: 1100,
        }}
      >
        <MenuContent large />
      </Box>
      <AppBar
        position="fixed"
        color="default"
        elevation={1}
        data-testid="mobile-top-bar"
        sx={{ bgcolor: 'background.paper', display: { lg: 'none' } }}
      >
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
          <Drawer
            id="side-menu"
            open={open}
            onClose={() => setOpen(false)}
            // A modal drawer is a dialog, named for what it holds. A plain paper colour (no dark-mode elevation overlay):
            // its text contrast is then what the theme says, and axe can measure it.
            slotProps={{
              paper: { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu', sx: { width: SIDE_BAR_WIDTH + 24, backgroundImage: 'none' } },
            }}
          >
            <MenuContent large={false} onNavigate={() => setOpen(false)} />
          </Drawer>
        </Suspense>
      )}
    </>
  );
}
