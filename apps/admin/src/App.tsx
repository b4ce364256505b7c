import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from './authProvider/authProvider';
import { AuditList, AuditShow } from './audit/AuditLog';
import { ADMIN_BASENAME } from './lib/paths';
import { BlogCreate, BlogEdit, BlogList } from './blogs/blogs';
import { CategoryList } from './categories/CategoryList';
import { CommentList } from './comments/CommentList';
import { ContactList } from './contact/ContactList';
import { CouponCreate, CouponEdit, CouponList } from './coupons/coupons';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider/dataProvider';
import { FailedJobs } from './jobs/FailedJobs';
import { AdminLayout } from './layout/Layout';
import { SubscriberList } from './newsletter/SubscriberList';
import { OrderList } from './orders/OrderList';
import { OrderShow } from './orders/OrderShow';
import { AllProducts } from './products/AllProducts';
import { ModerationQueue } from './products/ModerationQueue';
import { ProductImport } from './products/ProductImport';
import { ProductCreate } from './products/ProductCreate';
import { ProductUpdate } from './products/ProductUpdate';
import { ReviewList } from './reviews/ReviewList';
import { SearchSettings } from './search/SearchSettings';
import { darkTheme, lightTheme, storedDarkMode } from './theme';
import { consoleTitle } from './title';
import { UserList } from './users/UserList';
import { CustomerList } from './customers/CustomerList';
import { CustomerShow } from './customers/CustomerShow';

/**
 * The admin console at /admin. Resources give react-admin its standard routes (/admin/users, …); the
 * spec's own paths (/admin/userlist, /admin/product/update/{id}, …) open the same screens. There is no
 * login page here: guests and non-admins are sent to the storefront's /login (see authProvider).
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={`${ADMIN_BASENAME}/*`} element={<Console />} />
        <Route path="*" element={<ToConsole />} />
      </Routes>
    </BrowserRouter>
  );
}

/** The bundle only serves /admin; any other path (e.g. the dev server's /) goes to the console's root. */
function ToConsole() {
  window.location.replace(ADMIN_BASENAME);
  return null;
}

/** Toasts top-right, closing after 5 s (spec section 9); a call may ask for less (product update: 2 s). */
const TopRightNotification = () => <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={5000} />;

function Console() {
  return (
    <Admin
      basename={ADMIN_BASENAME}
      title={consoleTitle('Threadline')}
      dataProvider={dataProvider}
      authProvider={authProvider}
      requireAuth
      loginPage={false}
      dashboard={Dashboard}
      layout={AdminLayout}
      notification={TopRightNotification}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme={storedDarkMode() ? 'dark' : 'light'}
      disableTelemetry
    >
      <Resource name="users" list={UserList} recordRepresentation="username" />
      <Resource name="categories" list={CategoryList} recordRepresentation="name" />
      <Resource name="products" list={AllProducts} create={ProductCreate} edit={ProductUpdate} recordRepresentation="name" />
      <Resource name="orders" list={OrderList} show={OrderShow} />
      <Resource name="coupons" list={CouponList} create={CouponCreate} edit={CouponEdit} recordRepresentation="code" />
      <Resource name="blogs" list={BlogList} create={BlogCreate} edit={BlogEdit} recordRepresentation="title" />
      <Resource name="comments" list={CommentList} />
      <Resource name="subscribers" list={SubscriberList} />
      <Resource name="contact" list={ContactList} />
      <Resource name="audit" list={AuditList} show={AuditShow} options={{ label: 'Audit log' }} />
      <Resource name="customers" list={CustomerList} show={CustomerShow} recordRepresentation="username" />
      <Resource name="reviews" list={ReviewList} />
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/userlist" element={<UserList />} />
        <Route path="/categorylist" element={<CategoryList />} />
        <Route path="/productlist" element={<ProductCreate />} />
        <Route path="/allproductslist" element={<AllProducts />} />
        <Route path="/product/update/:id" element={<ProductUpdate />} />
        <Route path="/product/import" element={<ProductImport />} />
        <Route path="/orderlist" element={<OrderList />} />
        <Route path="/moderation" element={<ModerationQueue />} />
        <Route path="/queues" element={<FailedJobs />} />
        <Route path="/search" element={<SearchSettings />} />
      </CustomRoutes>
    </Admin>
  );
}
