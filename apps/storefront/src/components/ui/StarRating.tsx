import { styled } from '@mui/material/styles';
import type { CSSProperties } from 'react';

const STAR_PATH = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
const STAR = `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${STAR_PATH}"/></svg>`)}")`;
/** MUI Rating's filled star colour; the rest is the theme's disabled action colour, as in MUI's. */
const FILLED = '#faaf00';
const SIZES = { small: 18, medium: 24 } as const;

/**
 * One style rule for every rating on the page: the star size and the filled share come in as CSS variables, so
 * a grid of cards adds no style work per card.
 */
const Stars = styled('span')(({ theme }) => ({
  display: 'inline-block',
  flexShrink: 0,
  width: 'calc(var(--star-size) * 5)',
  height: 'var(--star-size)',
  verticalAlign: 'middle',
  background: `linear-gradient(90deg, ${FILLED} var(--star-filled), ${theme.palette.action.disabled} var(--star-filled))`,
  forcedColorAdjust: 'none',
  maskImage: STAR,
  maskSize: 'var(--star-size) var(--star-size)',
  maskRepeat: 'repeat-x',
  WebkitMaskImage: STAR,
  WebkitMaskSize: 'var(--star-size) var(--star-size)',
  WebkitMaskRepeat: 'repeat-x',
}));

/**
 * A read-only rating as five stars, in one element: a gradient (filled up to the rating, then grey) seen through
 * a star-shaped mask. MUI's read-only Rating draws the same stars with ~45 elements, which on a grid of cards
 * was most of each card's markup. Screen readers read `label` (role img); without one the stars are decoration
 * beside a rating written out in text, and hidden from them.
 */
export function StarRating({
  value,
  label,
  precision = 1,
  size = 'medium',
}: {
  value: number;
  label?: string;
  precision?: 0.5 | 1;
  size?: keyof typeof SIZES;
}) {
  const shown = Math.min(5, Math.max(0, Math.round(value / precision) * precision));
  const vars = { '--star-size': `${SIZES[size]}px`, '--star-filled': `${(shown / 5) * 100}%` } as CSSProperties;
  return label === undefined ? <Stars aria-hidden style={vars} /> : <Stars role="img" aria-label={label} style={vars} />;
}
