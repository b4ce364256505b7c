import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { FailedJob, ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';

/** The BullMQ queues' failed jobs (GET /api/admin/jobs/failed), each retryable. */
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
        <Typography variant="h5" component="h1" gutterBottom>
          Failed Jobs
        </Typography>
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
