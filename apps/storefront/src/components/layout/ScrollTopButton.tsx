import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';

/** The floating scroll-to-top button of ScrollToTop, with its progress ring. */
export default function ScrollTopButton({ visible, progress }: { visible: boolean; progress: number }) {
  return (
    <Zoom in={visible}>
      <Box sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: 1200 }}>
        <CircularProgress variant="determinate" value={progress} size={64} thickness={2.5} sx={{ position: 'absolute', top: -4, left: -4 }} aria-hidden />
        <Fab color="primary" size="medium" aria-label="Scroll to top" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} sx={{ width: 56, height: 56 }}>
          <KeyboardArrowUpIcon />
        </Fab>
      </Box>
    </Zoom>
  );
}
