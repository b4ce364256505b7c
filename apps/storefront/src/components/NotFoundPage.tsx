import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { usePageMeta } from '../lib/meta';

/** Any unknown path (and a blog slug): 'Page Under Construction' with a Return Home link. */
export default function NotFoundPage() {
  usePageMeta('Page Under Construction', 'This page of the Threadline shop is under construction.', { notFound: true });
  return (
    <Stack component="section" spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 12, px: 2 }}>
      <ConstructionIcon sx={{ fontSize: 72, color: 'primary.main' }} aria-hidden />
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', sm: '3rem' }, overflowWrap: 'anywhere' }}>
        Page Under Construction
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        We are still stitching this page together. Please check back soon.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Return Home
      </Button>
    </Stack>
  );
}
