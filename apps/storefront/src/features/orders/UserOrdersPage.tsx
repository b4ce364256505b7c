import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/ui/PageHeader';
import { VISUALLY_HIDDEN } from '../../components/ui/visually-hidden';
import { errorMessage } from '../../lib/api';
import { formatDate, formatPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import { orderLines, orderTotal } from '../../lib/models';
import { useOrdersMineQuery } from '../../lib/shop-api';
import { paymentLabel, statusColour, statusLabel } from './order-status';

export default function UserOrdersPage() {
  usePageMeta('My Orders', 'Your Threadline orders and their status.');
  const { data, isLoading, error } = useOrdersMineQuery();
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader title="My Orders" />
      {isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !data?.length ? (
        <>
          <Typography sx={{ mb: 2 }}>You have not placed any orders yet.</Typography>
          <Button component={RouterLink} to="/shop" variant="contained">
            Start Shopping
          </Button>
        </>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflowX: 'auto', position: 'relative' }}>
          <Table aria-label="My orders">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Date</TableCell>
                <TableCell align="right">Items</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Details
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((o) => (
                <TableRow key={o._id} data-testid="order-row">
                  <TableCell sx={{ fontFamily: 'ui-monospace, monospace' }}>#{o.number}</TableCell>
                  <TableCell>{formatDate(o.createdAt)}</TableCell>
                  <TableCell align="right">{orderLines(o).reduce((n, l) => n + l.quantity, 0)}</TableCell>
                  <TableCell align="right">{formatPrice(orderTotal(o))}</TableCell>
                  <TableCell>
                    <Chip size="small" label={statusLabel(o.status)} color={statusColour(o.status)} />
                    <Typography variant="caption" component="div" color="text.secondary" data-testid="order-payment">
                      {paymentLabel(o)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Button component={RouterLink} to={`/order/${o._id}`} size="small">
                      Details
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Container>
  );
}
