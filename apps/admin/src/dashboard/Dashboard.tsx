import InventoryIcon from '@mui/icons-material/Inventory2';
import PaidIcon from '@mui/icons-material/Paid';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import RateReviewIcon from '@mui/icons-material/RateReview';
import GavelIcon from '@mui/icons-material/Gavel';
import { Alert, Box, Card, CardContent, Grid, LinearProgress, List, ListItem, ListItemText, Paper, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Title, useDataProvider, useGetList } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import { formatPrice } from '../lib/format';
import { adminPath } from '../lib/paths';
import { StatusChip } from '../orders/OrderList';
import { lowStockText } from '../products/stockText';
import { ORDER_STATUSES } from '../orders/orderStatus';
import {
  dateTickIndexes,
  normaliseStats,
  REVENUE_PERIODS,
  shortDate,
  valueTicks,
  type DashboardStats,
  type DaySales,
  type PeriodRevenue,
} from './stats';

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
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <Link to={adminPath(to)} underline="none" color="inherit">
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
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
        <Box
          key={s}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
          data-testid={`orders-${s}`}
          data-count={stats.ordersByStatus[s] ?? 0}
        >
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

const CHART = { width: 640, height: 240, left: 64, right: 16, top: 12, bottom: 36 };

/**
 * The 30-day sales chart: an SVG line with a dollar axis (gridlines), a date axis and a tooltip per day, shown on
 * hover or keyboard focus (each day is focusable and named, so the figures are reachable without a mouse).
 */
function SalesChart({ days }: { days: DaySales[] }) {
  const theme = useTheme();
  const [active, setActive] = useState<number | null>(null);
  const total = days.reduce((s, d) => s + d.revenue, 0);
  const orders = days.reduce((s, d) => s + d.orders, 0);
  const ticks = valueTicks(Math.max(...days.map((d) => d.revenue), 0));
  const top = ticks[ticks.length - 1];
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const x = (i: number) => CHART.left + (days.length > 1 ? (i / (days.length - 1)) * plotWidth : plotWidth / 2);
  const y = (v: number) => CHART.top + plotHeight - (v / top) * plotHeight;
  const line = days.map((d, i) => `${x(i).toFixed(1)},${y(d.revenue).toFixed(1)}`).join(' ');
  const muted = theme.palette.text.secondary;
  const describe = (d: DaySales) => `${shortDate(d.date)}: ${formatPrice(d.revenue)} from ${d.orders} paid ${d.orders === 1 ? 'order' : 'orders'}`;
  const shown = active !== null ? days[active] : undefined;
  return (
    <Panel title="Sales, last 30 days">
      <Typography variant="body2" color="text.secondary" data-testid="sales-30-days">
        {formatPrice(total)} from {orders} paid {orders === 1 ? 'order' : 'orders'}
      </Typography>
      {days.length > 0 ? (
        <Box sx={{ position: 'relative', mt: 1 }} data-testid="sales-chart">
          <Box
            component="svg"
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            role="group"
            aria-label="Revenue of paid orders per day over the last 30 days"
            sx={{ width: '100%', height: 'auto', display: 'block' }}
            onMouseLeave={() => setActive(null)}
          >
            <g data-testid="chart-y-axis" aria-hidden="true">
              {ticks.map((t) => (
                <g key={t}>
                  <line x1={CHART.left} x2={CHART.width - CHART.right} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} />
                  <text x={CHART.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle" fontSize={12} fill={muted}>
                    {`$${t.toLocaleString('en-US')}`}
                  </text>
                </g>
              ))}
              <text
                x={14}
                y={CHART.top + plotHeight / 2}
                transform={`rotate(-90 14 ${CHART.top + plotHeight / 2})`}
                textAnchor="middle"
                fontSize={12}
                fill={muted}
              >
                Revenue ($)
              </text>
            </g>
            <g data-testid="chart-x-axis" aria-hidden="true">
              <line x1={CHART.left} x2={CHART.width - CHART.right} y1={CHART.top + plotHeight} y2={CHART.top + plotHeight} stroke={muted} />
              {dateTickIndexes(days.length).map((i) => (
                <g key={days[i].date}>
                  <line x1={x(i)} x2={x(i)} y1={CHART.top + plotHeight} y2={CHART.top + plotHeight + 4} stroke={muted} />
                  <text x={x(i)} y={CHART.top + plotHeight + 18} textAnchor="middle" fontSize={12} fill={muted}>
                    {shortDate(days[i].date)}
                  </text>
                </g>
              ))}
            </g>
            <polygon points={`${x(0)},${y(0)} ${line} ${x(days.length - 1)},${y(0)}`} fill={theme.palette.primary.main} opacity={0.15} />
            <polyline points={line} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
            {active !== null && (
              <line x1={x(active)} x2={x(active)} y1={CHART.top} y2={CHART.top + plotHeight} stroke={muted} strokeDasharray="4 3" />
            )}
            {days.map((d, i) => (
              <g
                key={d.date}
                tabIndex={0}
                role="img"
                aria-label={describe(d)}
                data-testid="chart-day"
                data-date={d.date}
                onMouseEnter={() => setActive(i)}
                onFocus={() => setActive(i)}
                onBlur={() => setActive(null)}
                style={{ outline: 'none' }}
              >
                <rect
                  x={x(i) - plotWidth / Math.max(days.length - 1, 1) / 2}
                  y={CHART.top}
                  width={plotWidth / Math.max(days.length - 1, 1)}
                  height={plotHeight}
                  fill="transparent"
                />
                <circle
                  cx={x(i)}
                  cy={y(d.revenue)}
                  r={active === i ? 5 : d.orders ? 3 : 0}
                  fill={theme.palette.primary.main}
                  stroke={active === i ? theme.palette.background.paper : 'none'}
                  strokeWidth={2}
                />
              </g>
            ))}
          </Box>
          {shown && active !== null && (
            <Paper
              role="tooltip"
              data-testid="chart-tooltip"
              elevation={4}
              sx={{
                position: 'absolute',
                top: 0,
                left: `${(x(active) / CHART.width) * 100}%`,
                transform: x(active) > CHART.width / 2 ? 'translateX(calc(-100% - 8px))' : 'translateX(8px)',
                px: 1.5,
                py: 1,
                pointerEvents: 'none',
                whiteSpace: 'nowrap',
              }}
            >
              <Typography variant="subtitle2">{shortDate(shown.date)}</Typography>
              <Typography variant="body2">{formatPrice(shown.revenue)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {shown.orders} paid {shown.orders === 1 ? 'order' : 'orders'}
              </Typography>
            </Paper>
          )}
        </Box>
      ) : (
        <Typography color="text.secondary">No sales yet.</Typography>
      )}
    </Panel>
  );
}

/** Revenue of paid orders in one period, with how many orders and their average. */
function PeriodCard({ label, period, testId, valueTestId }: { label: string; period: PeriodRevenue; testId: string; valueTestId?: string }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          Revenue · {label}
        </Typography>
        <Typography variant="h5" component="p" data-testid={valueTestId ?? `${testId}-revenue`}>
          {formatPrice(period.revenue)}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid={`${testId}-orders`}>
          {period.orders} paid {period.orders === 1 ? 'order' : 'orders'} · avg {formatPrice(period.averageOrderValue)}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** How many records a list holds (its total), for a dashboard card; undefined while loading. */
function useListTotal(resource: string, filter: Record<string, unknown>): { total: number | undefined; error: unknown } {
  const { total, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter });
  return { total, error };
}

function PendingCount({
  resource,
  filter,
  title,
  icon,
  testId,
  to,
}: {
  resource: string;
  filter: Record<string, unknown>;
  title: string;
  icon: ReactNode;
  testId: string;
  to: string;
}) {
  const { total, error } = useListTotal(resource, filter);
  return <StatCard title={title} value={error ? '—' : (total ?? '…')} icon={icon} testId={testId} to={to} />;
}

function PendingProducts() {
  const { data = [], total = 0 } = useGetList('products', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: { status: 'pending' },
  });
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
          {REVENUE_PERIODS.map(({ key, label }) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
              {/* The all-time figure keeps its old test id (stat-revenue): the same number as the API's revenue. */}
              <PeriodCard
                label={label}
                period={data.revenueByPeriod[key]}
                testId={`revenue-${key}`}
                valueTestId={key === 'allTime' ? 'stat-revenue' : undefined}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
            <StatCard
              title="Average order value (paid, all time)"
              value={formatPrice(data.averageOrderValue)}
              icon={<PaidIcon fontSize="large" />}
              testId="stat-average-order-value"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
            <PendingCount
              resource="reviews"
              filter={{ status: 'pending' }}
              title="Pending reviews"
              icon={<RateReviewIcon fontSize="large" />}
              testId="stat-pending-reviews"
              to={`/reviews?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
            <PendingCount
              resource="products"
              filter={{ status: 'pending' }}
              title="Pending products"
              icon={<GavelIcon fontSize="large" />}
              testId="stat-pending-products"
              to="/moderation"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
            <StatCard
              title="Pending orders"
              value={data.pendingOrders}
              icon={<PendingActionsIcon fontSize="large" />}
              testId="stat-pending-orders"
              to="/orderlist"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
            <StatCard
              title="New customers (30 days)"
              value={data.newCustomers}
              icon={<PersonAddIcon fontSize="large" />}
              testId="stat-new-customers"
              to="/userlist"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
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
              {data.lowStockThreshold !== undefined && (
                <Typography variant="body2" color="text.secondary" data-testid="low-stock-rule">
                  {data.lowStockThreshold} or fewer left in total or of a size or colour
                </Typography>
              )}
              <List dense data-testid="low-stock">
                {data.lowStock.map((p) => (
                  <ListItem key={p.id} disableGutters>
                    <ListItemText primary={<Link to={adminPath(`/product/update/${p.id}`)}>{p.name}</Link>} secondary={lowStockText(p)} />
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
