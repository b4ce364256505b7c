import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { FailedJob, ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import { API_URL } from '../dataProvider/resources';

/** Bull Board, served by the API for admins (it signs in with the session cookie, same origin). */
export const QUEUES_BOARD_URL = `${API_URL}/admin/queues`;

/** The BullMQ queues' failed jobs (GET /api/admin/jobs/failed, every queue), each retryable; every job of every queue in Bull Board. */
export function FailedJobs() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const client = useQueryClient();
  const { data = [], error, isPending } = useQuery<FailedJob[]>({ queryKey: ['jobs', 'failed'], queryFn: () => dataProvider.getFailedJobs() });

  const retry = async (job: FailedJob) => {
    try {
      await dataProvider.retryJob(job.queue, job.id);
      notify(`Job ${job.name} queued again`, { type: 'success' });
      await client.invalidateQueries({ queryKey: ['jobs', 'failed'] });
    } catch (err) {
      notify(errorMessage(err, 'An error occurred. Please try again.'), { type: 'error' });
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Failed Jobs" />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h5" component="h1">
            Failed Jobs
          </Typography>
          <Button size="small" variant="outlined" href={QUEUES_BOARD_URL} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
            All queues in Bull Board
          </Button>
        </Box>
        {error && <Alert severity="error">{errorMessage(error, 'An error occurred. Please try again.')}</Alert>}
        {isPending && <Typography>Loading…</Typography>}
        {!isPending && !error && data.length === 0 && <Typography color="text.secondary">No failed jobs.</Typography>}
        {data.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Queue</TableCell>
                <TableCell>Job</TableCell>
                <TableCell>Attempts</TableCell>
                <TableCell>Failed</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((job) => (
                <TableRow key={`${job.queue}:${job.id}`}>
                  <TableCell>{job.queue}</TableCell>
                  <TableCell>
                    {job.name} <code>{job.id}</code>
                  </TableCell>
                  <TableCell>{job.attemptsMade ?? ''}</TableCell>
                  <TableCell>{job.finishedOn ? new Date(job.finishedOn).toLocaleString() : ''}</TableCell>
                  <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>{job.failedReason}</TableCell>
                  <TableCell>
                    <Button size="small" startIcon={<ReplayIcon />} onClick={() => void retry(job)}>
                      Retry
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
