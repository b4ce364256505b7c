import InventoryIcon from '@mui/icons-material/Inventory2';
import PaidIcon from '@mui/icons-material/Paid';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { Alert, Box, Card, CardContent, Grid, LinearProgress, List, ListItem, ListItemText, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Title, useDataProvider, useGetList } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import { formatPrice } from '../lib/format';
import { adminPath } from '../lib/paths';
import { StatusChip } from '../orders/OrderList';
import { ORDER_STATUSES } from '../orders/orderStatus';
import { chartPoints, normaliseStats, type DashboardStats, type DaySales } from './stats';

function StatCard({ title, value, icon, testId, to }: { title: string; value: ReactNode; icon: ReactNode; testId: string; to?: string }) {
  const body = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" data-testid={testId}>
          {value}
        </Typography>
      </Box>
    </CardContent>
  );
  return <Card sx={{ height: '100%' }}>{to ? <Link to={adminPath(to)} underline="none" color="inherit">{body}</Link> : body}</Card>;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function OrdersByStatus({ stats }: { stats: DashboardStats }) {
  const max = Math.max(...Object.values(stats.ordersByStatus), 1);
  return (
    <Panel title="Orders by status">
      {ORDER_STATUSES.map((s) => (
        <Box key={s} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }} data-testid={`orders-${s}`} data-count={stats.ordersByStatus[s] ?? 0}>
          <Box sx={{ width: 96 }}>
            <StatusChip status={s} />
          </Box>
          <LinearProgress variant="determinate" value={((stats.ordersByStatus[s] ?? 0) / max) * 100} sx={{ flex: 1, height: 8, borderRadius: 4 }} />
          <Typography sx={{ width: 32, textAlign: 'right' }}>{stats.ordersByStatus[s] ?? 0}</Typography>
        </Box>
      ))}
    </Panel>
  );
}

/** The 30-day sales chart as a plain SVG polyline with an area under it. */
function SalesChart({ days }: { days: DaySales[] }) {
  const theme = useTheme();
  const width = 600;
  const height = 180;
  const points = chartPoints(days, width, height);
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const total = days.reduce((s, d) => s + d.revenue, 0);
  const orders = days.reduce((s, d) => s + d.orders, 0);
  return (
    <Panel title="Sales, last 30 days">
      <Typography variant="body2" color="text.secondary" data-testid="sales-30-days">
        {formatPrice(total)} from {orders} paid {orders === 1 ? 'order' : 'orders'}
      </Typography>
      {points.length > 0 ? (
        <Box component="svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Sales per day over the last 30 days" sx={{ width: '100%', height: 'auto', mt: 1 }}>
          <polygon points={`${points[0].x},${height} ${line} ${points[points.length - 1].x},${height}`} fill={theme.palette.primary.main} opacity={0.15} />
          <polyline points={line} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
          {points.map((p, i) => (
            <circle key={days[i].date} cx={p.x} cy={p.y} r={days[i].orders ? 3 : 0} fill={theme.palette.primary.main}>
              <title>{`${days[i].date}: ${formatPrice(days[i].revenue)} (${days[i].orders} orders)`}</title>
            </circle>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">No sales yet.</Typography>
      )}
    </Panel>
  );
}

function PendingProducts() {
  const { data = [], total = 0 } = useGetList('products', { pagination: { page: 1, perPage: 5 }, sort: { field: 'createdAt', order: 'ASC' }, filter: { status: 'pending' } });
  return (
    <Panel title={`Products to approve (${total})`}>
      <List dense>
        {data.map((p) => (
          <ListItem key={p.id} disableGutters>
            <ListItemText primary={<Link to={adminPath(`/product/update/${p.id}`)}>{p.name}</Link>} />
          </ListItem>
        ))}
      </List>
      <Link to={adminPath('/moderation')}>Open the queue</Link>
    </Panel>
  );
}

/** /admin/dashboard: revenue, orders by status, pending orders, new customers, 30-day sales, top products, low stock. */
export function Dashboard() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { data, error, isPending } = useQuery({ queryKey: ['orders', 'stats'], queryFn: async () => normaliseStats(await dataProvider.getStats()) });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" gutterBottom>
        Dashboard
      </Typography>
      {error && <Alert severity="error">{errorMessage(error, 'An error occurred. Please try again.')}</Alert>}
      {isPending && <LinearProgress />}
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <StatCard title="Revenue" value={formatPrice(data.revenue)} icon={<PaidIcon fontSize="large" />} testId="stat-revenue" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <StatCard title="Pending orders" value={data.pendingOrders} icon={<PendingActionsIcon fontSize="large" />} testId="stat-pending-orders" to="/orderlist" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <StatCard title="New customers (30 days)" value={data.newCustomers} icon={<PersonAddIcon fontSize="large" />} testId="stat-new-customers" to="/userlist" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <StatCard title="Orders" value={data.totalOrders} icon={<InventoryIcon fontSize="large" />} testId="stat-total-orders" to="/orderlist" />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <SalesChart days={data.salesPerDay} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <OrdersByStatus stats={data} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Panel title="Top products">
              <List dense>
                {data.topProducts.map((p) => (
                  <ListItem key={p.productId} disableGutters>
                    <ListItemText primary={p.name} secondary={`${p.quantity} sold · ${formatPrice(p.revenue)}`} />
                  </ListItem>
                ))}
                {data.topProducts.length === 0 && <Typography color="text.secondary">No sales yet.</Typography>}
              </List>
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Panel title="Low stock">
              <List dense data-testid="low-stock">
                {data.lowStock.map((p) => (
                  <ListItem key={p.id} disableGutters>
                    <ListItemText primary={<Link to={adminPath(`/product/update/${p.id}`)}>{p.name}</Link>} secondary={`${p.countInStock} left`} />
                  </ListItem>
                ))}
                {data.lowStock.length === 0 && <Typography color="text.secondary">Everything is well stocked.</Typography>}
              </List>
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PendingProducts />
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
