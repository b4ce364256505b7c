import AddBoxIcon from '@mui/icons-material/AddBox';
import ArticleIcon from '@mui/icons-material/Article';
import CategoryIcon from '@mui/icons-material/Category';
import ChatIcon from '@mui/icons-material/Chat';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import GroupsIcon from '@mui/icons-material/Groups';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import ReceiptIcon from '@mui/icons-material/Receipt';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type React from 'react';
import { Menu as RaMenu } from 'react-admin';
import { adminPath } from '../lib/paths';

/** The admin menu: the spec's links under its labels first, then the console's other screens. */
export const MENU_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
  { to: '/categorylist', label: 'Create Category', icon: <CategoryIcon /> },
  { to: '/productlist', label: 'Create Product', icon: <AddBoxIcon /> },
  { to: '/allproductslist', label: 'All Products', icon: <InventoryIcon /> },
  { to: '/userlist', label: 'Manage Users', icon: <PeopleIcon /> },
  { to: '/orderlist', label: 'Manage Orders', icon: <ReceiptIcon /> },
  { to: '/moderation', label: 'Pending Products', icon: <GavelIcon /> },
  { to: '/reviews', label: 'Reviews', icon: <RateReviewIcon /> },
  { to: '/search', label: 'Search', icon: <ManageSearchIcon /> },
  { to: '/coupons', label: 'Coupons', icon: <LocalOfferIcon /> },
  { to: '/blogs', label: 'Blog Posts', icon: <ArticleIcon /> },
  { to: '/comments', label: 'Comments', icon: <ChatIcon /> },
  { to: '/subscribers', label: 'Newsletter', icon: <MailIcon /> },
  { to: '/contact', label: 'Contact Messages', icon: <SupportAgentIcon /> },
  { to: '/queues', label: 'Failed Jobs', icon: <ErrorIcon /> },
  { to: '/audit', label: 'Audit log', icon: <HistoryIcon /> },
  { to: '/customers', label: 'Customers', icon: <GroupsIcon /> },
] as const;

export function AdminMenu() {
  return (
    <RaMenu>
      {MENU_LINKS.map((link) => (
        <RaMenu.Item key={link.to} to={adminPath(link.to)} primaryText={link.label} leftIcon={link.icon} />
      ))}
      <RaMenu.Item
        to="/"
        primaryText="Back to the shop"
        leftIcon={<StorefrontIcon />}
        onClick={(e: React.MouseEvent) => {
          e.preventDefault();
          window.location.assign('/');
        }}
      />
    </RaMenu>
  );
}
