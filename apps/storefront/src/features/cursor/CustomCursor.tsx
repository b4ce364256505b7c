import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CLICKABLE_SELECTOR, FINE_POINTER, REDUCED_MOTION, TRAIL_LIFETIME_MS, cursorEnabled, pruneTrail, type TrailPoint } from './cursor-logic';

/** Follows the device's preferences while the page is open: asking for reduced motion turns the cursor off at once. */
function subscribe(onChange: () => void): () => void {
  if (!window.matchMedia) return () => undefined;
  const lists = [FINE_POINTER, REDUCED_MOTION].map((q) => window.matchMedia(q));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}
const enabledHere = () => !!window.matchMedia && cursorEnabled((q) => window.matchMedia(q));
/** As prerendered (no cursor) while React takes a prerendered page over; then as this device allows. */
const enabledInPrerender = () => false;

/**
 * A decorative cursor: a trailing line and circles that grow over clickable elements, drawn beside the system
 * pointer and the text caret (which stay), letting every click through. Off under prefers-reduced-motion.
 */
export default function CustomCursor() {
  const enabled = useSyncExternalStore(subscribe, enabledHere, enabledInPrerender);
  const canvas = useRef<HTMLCanvasElement>(null);
  const dot = useRef<HTMLDivElement>(null);
  const ring = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const colour = theme.palette.primary.main;

  useEffect(() => {
    if (!enabled) return;
    // A marker that the decorative cursor is on (it hides nothing: the system pointer and the caret stay).
    document.documentElement.classList.add('custom-cursor');
    const cv = canvas.current;
    const ctx = cv?.getContext('2d');
    let points: TrailPoint[] = [];
    let frame = 0;
    let pos = { x: -100, y: -100 };
    let ringPos = { x: -100, y: -100 };
    let hovered = false;

    const resize = () => {
      if (!cv) return;
      cv.width = window.innerWidth * devicePixelRatio;
      cv.height = window.innerHeight * devicePixelRatio;
    };
    resize();
    const onMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      pos = { x: e.clientX, y: e.clientY };
      points.push({ x: e.clientX, y: e.clientY, t: performance.now() });
      hovered = !!(e.target as Element | null)?.closest?.(CLICKABLE_SELECTOR);
      wake();
    };
    const onLeave = () => {
      pos = { x: -100, y: -100 };
      wake();
    };
    const draw = () => {
      const now = performance.now();
      points = pruneTrail(points, now);
      ringPos = { x: ringPos.x + (pos.x - ringPos.x) * 0.2, y: ringPos.y + (pos.y - ringPos.y) * 0.2 };
      if (dot.current) dot.current.style.transform = `translate(${pos.x}px, ${pos.y}px) translate(-50%, -50%) scale(${hovered ? 1.8 : 1})`;
      if (ring.current) ring.current.style.transform = `translate(${ringPos.x}px, ${ringPos.y}px) translate(-50%, -50%) scale(${hovered ? 1.9 : 1})`;
      if (ctx && cv) {
        ctx.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
        ctx.clearRect(0, 0, cv.width, cv.height);
        ctx.lineCap = 'round';
        for (let i = 1; i < points.length; i++) {
          const age = (now - points[i].t) / TRAIL_LIFETIME_MS;
          ctx.strokeStyle = colour;
          ctx.globalAlpha = Math.max(0, 1 - age) * 0.6;
          ctx.lineWidth = Math.max(0.5, 4 * (1 - age));
          ctx.beginPath();
          ctx.moveTo(points[i - 1].x, points[i - 1].y);
          ctx.lineTo(points[i].x, points[i].y);
          ctx.stroke();
        }
        ctx.globalAlpha = 1;
      }
      // Idle once the trail has faded and the ring has caught up: no frame is drawn while the mouse rests.
      const settled = points.length === 0 && Math.abs(pos.x - ringPos.x) < 0.5 && Math.abs(pos.y - ringPos.y) < 0.5;
      frame = settled ? 0 : requestAnimationFrame(draw);
    };
    function wake() {
      if (!frame) frame = requestAnimationFrame(draw);
    }
    wake();
    window.addEventListener('pointermove', onMove, { passive: true });
    document.addEventListener('pointerleave', onLeave);
    window.addEventListener('resize', resize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onMove);
      document.removeEventListener('pointerleave', onLeave);
      window.removeEventListener('resize', resize);
      document.documentElement.classList.remove('custom-cursor');
    };
  }, [enabled, colour]);

  if (!enabled) return null;
  const base = {
    position: 'fixed',
    top: 0,
    left: 0,
    pointerEvents: 'none',
    zIndex: 9999,
    borderRadius: '50%',
    transition: 'width .2s, height .2s',
  } as const;
  return (
    <div aria-hidden data-testid="custom-cursor" style={{ pointerEvents: 'none' }}>
      <canvas ref={canvas} style={{ position: 'fixed', inset: 0, width: '100vw', height: '100vh', pointerEvents: 'none', zIndex: 9998 }} />
      <div ref={dot} data-testid="custom-cursor-dot" style={{ ...base, width: 8, height: 8, background: colour }} />
      <div ref={ring} style={{ ...base, width: 32, height: 32, border: `2px solid ${colour}`, opacity: 0.7 }} />
    </div>
  );
}
