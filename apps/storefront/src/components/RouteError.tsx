import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router-dom';

/** A screen that failed to load (for example a chunk after a new deployment). */
export function RouteError() {
  const error = useRouteError() as { message?: string } | undefined;
  return (
    <Stack spacing={2} sx={{ p: 6, alignItems: 'center', textAlign: 'center' }} role="alert">
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography color="text.secondary">{error?.message ?? 'An unexpected error occurred.'}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}
