import type { SxProps, Theme } from '@mui/material/styles';

/** Read by screen readers, not shown: a heading or a label that the layout already makes clear to the eye. */
export const VISUALLY_HIDDEN: SxProps<Theme> = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
