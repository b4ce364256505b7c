import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { PageHeader } from '../../components/ui/PageHeader';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/meta';
import type { Contributor } from '../../lib/models';
import { useStatsContributorsQuery } from '../../lib/shop-api';

/** A plain SVG bar chart of published products per contributor (no chart library). */
export function BarChart({ rows }: { rows: Contributor[] }) {
  const theme = useTheme();
  const top = rows.slice(0, 10);
  const max = Math.max(1, ...top.map((r) => r.publishedProducts));
  const barH = 28;
  const gap = 10;
  const labelW = 160;
  const width = 640;
  const height = top.length * (barH + gap);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-labelledby="chart-title chart-desc">
        <title id="chart-title">Published products per contributor</title>
        <desc id="chart-desc">{top.map((r) => `${r.storeName}: ${r.publishedProducts}`).join('; ')}</desc>
        {top.map((r, i) => {
          const w = ((width - labelW - 50) * r.publishedProducts) / max;
          const y = i * (barH + gap);
          return (
            <g key={r.storeName + i}>
              <text x={labelW - 8} y={y + barH / 2} dominantBaseline="middle" textAnchor="end" fill={theme.palette.text.primary} fontSize="13">
                {r.storeName.length > 20 ? `${r.storeName.slice(0, 19)}…` : r.storeName}
              </text>
              <rect x={labelW} y={y} width={Math.max(2, w)} height={barH} rx="6" fill={theme.palette.primary.main} />
              <text x={labelW + w + 6} y={y + barH / 2} dominantBaseline="middle" fill={theme.palette.text.primary} fontSize="13">
                {r.publishedProducts}
              </text>
            </g>
          );
        })}
      </svg>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        Published products per contributor
      </Typography>
    </Box>
  );
}

export default function ContributorsPage() {
  usePageMeta('Our Contributors', 'Meet the independent makers and distributors behind the Threadline catalog.');
  const { data, isLoading, error } = useStatsContributorsQuery({});
  const rows: Contributor[] = data ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader
        title="Meet our Contributors"
        subtitle="The independent makers and distributors who fill our catalog, ranked by published products."
      />
      {isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !rows.length ? (
        <Typography color="text.secondary">No contributors yet.</Typography>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, mb: 4 }}>
            <BarChart rows={rows} />
          </Paper>
          {/* A table that may scroll sideways on a phone: focusable, so the keyboard can scroll it too. */}
          <Paper variant="outlined" sx={{ borderRadius: 3, overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Contributors table">
            <Table aria-label="Contributors">
              <TableHead>
                <TableRow>
                  <TableCell>Store</TableCell>
                  <TableCell align="right">Published products</TableCell>
                  <TableCell align="right">Average rating</TableCell>
                  <TableCell align="right">Reviews</TableCell>
                  <TableCell>Joined</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r, i) => (
                  <TableRow key={r.storeName + i}>
                    <TableCell>{r.storeName}</TableCell>
                    <TableCell align="right">{r.publishedProducts}</TableCell>
                    <TableCell align="right">{(r.averageRating ?? 0).toFixed(1)}</TableCell>
                    <TableCell align="right">{r.reviewCount ?? 0}</TableCell>
                    <TableCell>{formatDate(r.joinedAt ?? r.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </Container>
  );
}
