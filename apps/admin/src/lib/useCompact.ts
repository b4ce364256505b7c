import { useMediaQuery, type Theme } from '@mui/material';

/** Below the md breakpoint lists show react-admin's SimpleList instead of a table (issue #23, defect 9). */
export function useCompact(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
}
