import { Suspense, lazy, useEffect, useState } from 'react';

// The button's components load the first time it is needed, not with the first page.
const ScrollTopButton = lazy(() => import('./ScrollTopButton'));

export const SCROLL_TOP_THRESHOLD = 100;

/** The button's size, with its progress ring, and its distance from the screen's right and bottom edges (below and from md). */
export const SCROLL_TOP_SIZE = 64;
export const SCROLL_TOP_INSET = { xs: 16, md: 24 } as const;
/**
 * The width the button takes at the screen's right edge, with a gap: the footer's last line, which is at the
 * bottom of the screen when the page is scrolled to its end, stops short of it.
 */
export const SCROLL_TOP_ROOM = { xs: SCROLL_TOP_INSET.xs + SCROLL_TOP_SIZE + 8, md: SCROLL_TOP_INSET.md + SCROLL_TOP_SIZE + 8 } as const;
export { STICKY_BAR_ROOM } from '../../components/ui/sticky-bar';

/** Scroll progress in percent (0 to 100). */
export function scrollProgress(scrollY: number, scrollHeight: number, viewport: number): number {
  const room = scrollHeight - viewport;
  if (room <= 0) return 0;
  return Math.min(100, Math.max(0, (scrollY / room) * 100));
}

/** A floating button after 100 px of scrolling, with a ring showing how far down the page is. */
export function ScrollToTop() {
  const [state, setState] = useState({ visible: false, progress: 0 });
  // Mounted from the first time the button shows, so that it can also animate out.
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      const visible = y > SCROLL_TOP_THRESHOLD;
      setState({ visible, progress: scrollProgress(y, document.documentElement.scrollHeight, window.innerHeight) });
      if (visible) setNeeded(true);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <ScrollTopButton visible={state.visible} progress={state.progress} />
    </Suspense>
  ) : null;
}
