import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LockIcon from '@mui/icons-material/Lock';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, lazy } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AfterHydration } from '../../components/AfterHydration';
import { usePageMeta } from '../../lib/meta';
import { ProductGrid, ProductSkeletonGrid } from './ProductCard';
import { ProductCarousel } from './ProductCarousel';
import { NewArrivalsRail, TopRatedRail } from './ProductRail';
import { HeroMosaic } from './HeroMosaic';
import { useProductsQuery } from './products-api';
import { VISUALLY_HIDDEN } from '../../components/ui/visually-hidden';

// Below the fold: loaded after the first paint, so the first load of / stays small.
const NewsletterForm = lazy(() => import('../../components/newsletter/NewsletterForm'));

const SERVICES = [
  { icon: <LocalShippingIcon fontSize="large" />, title: 'Free shipping', text: 'Free delivery on every order, with no minimum spend.' },
  {
    icon: <RocketLaunchIcon fontSize="large" />,
    title: 'Fast delivery',
    text: 'Most orders leave our makers within 24 hours and arrive in 2–5 business days.',
  },
  { icon: <LockIcon fontSize="large" />, title: 'Secure payments', text: 'Encrypted checkout, and you can pay on delivery.' },
  { icon: <VerifiedIcon fontSize="large" />, title: 'Quality products', text: 'Every distributor’s product is reviewed before it reaches the shop.' },
];

function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        borderRadius: 4,
        px: { xs: 3, md: 6 },
        py: { xs: 5, md: 6 },
        display: 'grid',
        gap: { xs: 3, md: 6 },
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
        alignItems: 'center',
        background: (t) =>
          t.palette.mode === 'dark' ? 'linear-gradient(135deg, #2a1326 0%, #151a2e 100%)' : 'linear-gradient(135deg, #fde7f3 0%, #e0e7ff 100%)',
      }}
    >
      <Box>
        <Typography id="hero-title" component="h1" variant="h2" sx={{ fontWeight: 800, fontSize: { xs: '2.2rem', md: '3.2rem' }, maxWidth: 760 }}>
          Shop the Latest Styles, Anytime
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, maxWidth: 640, fontWeight: 400 }}>
          Clothing and accessories from independent makers, picked for everyday wear and special days alike. Free shipping on every order.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          <Button component={RouterLink} to="/shop" variant="contained" size="large">
            Start Shopping
          </Button>
          <Button component={RouterLink} to="/offers" variant="outlined" size="large">
            Explore Deals
          </Button>
          <Button component={RouterLink} to="/contributors" variant="text" size="large">
            Meet our Contributors
          </Button>
        </Stack>
      </Box>
      <HeroMosaic />
    </Box>
  );
}

function Services() {
  return (
    <Box component="section" aria-labelledby="services-title">
      <Typography id="services-title" component="h2" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        Our Services
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        {SERVICES.map((s) => (
          <Paper key={s.title} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
            <Box sx={{ color: 'primary.main' }} aria-hidden>
              {s.icon}
            </Box>
            <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mt: 1 }}>
              {s.title}
            </Typography>
            <Typography color="text.secondary">{s.text}</Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

function LatestProducts() {
  const { data, isLoading, error } = useProductsQuery({ page: 1, pageSize: 8 });
  return (
    <>
      <Typography id="latest-title" component="h2" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        Latest products
      </Typography>
      {isLoading ? <ProductSkeletonGrid /> : error ? <Box /> : <ProductGrid products={data?.products ?? []} />}
    </>
  );
}

/**
 * The product grid: hidden below extra-large screens (where it is neither fetched nor rendered, which keeps
 * the phone's main thread free); a load error renders an empty block.
 */
function LatestGrid() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'), { noSsr: true });
  return (
    <Box
      component="section"
      aria-labelledby={wide ? 'latest-title' : undefined}
      sx={{ display: { xs: 'none', xl: 'block' } }}
      data-testid="home-grid"
    >
      {wide && <LatestProducts />}
    </Box>
  );
}

function KeywordResults({ keyword }: { keyword: string }) {
  const { data, isLoading, error } = useProductsQuery({ search: keyword, page: 1, pageSize: 24 });
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        Results for “{keyword}”
      </Typography>
      {/* The cards' names are h3: this keeps the heading levels in order. */}
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        Matching products
      </Typography>
      {isLoading ? (
        <ProductSkeletonGrid />
      ) : error ? (
        <Box />
      ) : data?.products.length ? (
        <ProductGrid products={data.products} />
      ) : (
        <Typography color="text.secondary">No products match your search.</Typography>
      )}
      <Box>
        <Button component={RouterLink} to="/" variant="outlined">
          Go Back
        </Button>
      </Box>
    </Stack>
  );
}

export default function HomePage() {
  const { keyword } = useParams();
  usePageMeta(
    keyword ? `Search: ${keyword}` : 'Shop the Latest Styles',
    'Threadline: clothing and accessories from independent makers, with free shipping and fast delivery.',
  );
  return (
    <Container maxWidth="xl" sx={{ py: 4 }}>
      {keyword ? (
        <KeywordResults keyword={keyword} />
      ) : (
        <Stack spacing={6}>
          <Hero />
          <Box component="section" aria-labelledby="featured-title">
            <Typography id="featured-title" component="h2" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
              Featured
            </Typography>
            <ProductCarousel />
          </Box>
          <NewArrivalsRail />
          <TopRatedRail />
          <LatestGrid />
          <Services />
          <AfterHydration fallback={<Box sx={{ minHeight: 160 }} />}>
            <Suspense fallback={<Box sx={{ minHeight: 160 }} />}>
              <NewsletterForm />
            </Suspense>
          </AfterHydration>
        </Stack>
      )}
    </Container>
  );
}
