import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import PinterestIcon from '@mui/icons-material/Pinterest';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { SCROLL_TOP_ROOM } from './ScrollToTop';

const GROUPS: Array<{ title: string; links: Array<[string, string]> }> = [
  {
    title: 'Shop',
    links: [
      ['/shop', 'Shop'],
      ['/offers', 'Offers'],
      ['/blog', 'Blog'],
    ],
  },
  {
    title: 'Customer care',
    links: [
      ['/help', 'Help'],
      ['/returns', 'Returns'],
      ['/shipping', 'Shipping'],
      ['/contact', 'Contact'],
    ],
  },
  {
    title: 'About',
    links: [
      ['/faq', 'FAQ'],
      ['/termsAndConditions', 'Terms and Conditions'],
    ],
  },
];

const SOCIAL = [
  { href: 'https://www.instagram.com/', label: 'Threadline on Instagram', icon: <InstagramIcon /> },
  { href: 'https://www.facebook.com/', label: 'Threadline on Facebook', icon: <FacebookIcon /> },
  { href: 'https://x.com/', label: 'Threadline on X', icon: <XIcon /> },
  { href: 'https://www.pinterest.com/', label: 'Threadline on Pinterest', icon: <PinterestIcon /> },
];

const PADDING_X = { xs: 24, md: 48 } as const;

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        px: { xs: `${PADDING_X.xs}px`, md: `${PADDING_X.md}px` },
        py: 5,
        mt: 6,
      }}
    >
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 800, color: 'primary.main' }}>
            Threadline
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Clothing and accessories from independent makers, delivered free.
          </Typography>
        </Grid>
        {GROUPS.map((group) => (
          <Grid key={group.title} size={{ xs: 6, md: 2 }}>
            <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              {group.title}
            </Typography>
            <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.links.map(([to, label]) => (
                <li key={to}>
                  <Link component={RouterLink} to={to} color="text.secondary" underline="hover">
                    {label}
                  </Link>
                </li>
              ))}
            </Stack>
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 3 }}>
          <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
            Follow us
          </Typography>
          <Stack direction="row" spacing={1}>
            {SOCIAL.map((s) => (
              <IconButton key={s.href} component="a" href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
                {s.icon}
              </IconButton>
            ))}
          </Stack>
        </Grid>
      </Grid>
      {/* At the end of the page this line is at the bottom of the screen: it stops short of the scroll-to-top button. */}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 4, mr: { xs: `${SCROLL_TOP_ROOM.xs - PADDING_X.xs}px`, md: `${SCROLL_TOP_ROOM.md - PADDING_X.md}px` } }}
        data-testid="copyright"
      >
        © {new Date().getFullYear()} Threadline. All rights reserved.
      </Typography>
    </Box>
  );
}
