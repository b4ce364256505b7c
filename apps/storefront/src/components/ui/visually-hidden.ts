import type { SxProps, Theme } from '@mui/material/styles';

/** Read by screen readers, not shown: a heading or a label that the layout already makes clear to the eye. */
export const VISUALLY_HIDDEN: SxProps<Theme> = {
  position: 'absolute',
  // Strings: in `sx` the numbers 0 to 1 are fractions of the parent (width: 1 is 100%), which made this heading
  // as wide as the grid and pushed it past the viewport's right edge (a sideways scroll on /shop).
  width: '1px',
  height: '1px',
  p: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
