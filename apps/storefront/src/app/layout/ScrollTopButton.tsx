import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { SCROLL_TOP_INSET, SCROLL_TOP_SIZE, STICKY_BAR_ROOM } from './ScrollToTop';

const FAB_SIZE = 56;

/** Above the bottom bar a page may keep fixed (the product page's Add to Cart on phones), else above the safe area. */
const bottom = (inset: number) => `calc(var(${STICKY_BAR_ROOM}, env(safe-area-inset-bottom, 0px)) + ${inset}px)`;

/**
 * The floating scroll-to-top button of ScrollToTop, with its progress ring. It keeps clear of the sticky Add to Cart
 * bar (that bar sets STICKY_BAR_ROOM), and the footer's last line stops short of it (Footer).
 */
export default function ScrollTopButton({ visible, progress }: { visible: boolean; progress: number }) {
  return (
    <Zoom in={visible}>
      <Box
        data-testid="scroll-top"
        sx={{
          position: 'fixed',
          right: { xs: SCROLL_TOP_INSET.xs, md: SCROLL_TOP_INSET.md },
          bottom: { xs: bottom(SCROLL_TOP_INSET.xs), md: bottom(SCROLL_TOP_INSET.md) },
          width: SCROLL_TOP_SIZE,
          height: SCROLL_TOP_SIZE,
          display: 'grid',
          placeItems: 'center',
          zIndex: 1200,
        }}
      >
        <CircularProgress
          variant="determinate"
          value={progress}
          size={SCROLL_TOP_SIZE}
          thickness={2.5}
          sx={{ position: 'absolute', inset: 0 }}
          aria-hidden
        />
        <Fab
          color="primary"
          size="medium"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          sx={{ width: FAB_SIZE, height: FAB_SIZE }}
        >
          <KeyboardArrowUpIcon />
        </Fab>
      </Box>
    </Zoom>
  );
}
