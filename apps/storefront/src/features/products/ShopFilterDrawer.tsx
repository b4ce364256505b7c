import CloseIcon from '@mui/icons-material/Close';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useState } from 'react';
import { useSearchQuery } from './products-api';
import type { SearchArgs } from '../../lib/models';
import { ShopFilterPanel } from './ShopFilterPanel';
import { activeFilterCount, NO_FILTERS, type ShopFilters } from './shop-filters';

export interface ShopFilterValues {
  filters: ShopFilters;
  search: string;
}

/**
 * Small screens (below md): the shop's filters behind a 'Filters (n)' button, in a drawer. Choices are made on
 * a copy and take effect on Apply (or on a search); closing the drawer leaves the filters as they were. While it
 * is open, the counts are those of the choices made in it (`argsOf` gives the search the page would make for
 * them, so the page's first answer after Apply is already there) and the drawer says how many products Apply will show.
 * From md up neither the button nor the drawer shows (CSS): the side panel has the filters there.
 */
export function ShopFilterDrawer({
  value,
  argsOf,
  onApply,
}: {
  value: ShopFilterValues;
  argsOf: (draft: ShopFilterValues) => SearchArgs;
  onApply: (next: ShopFilterValues) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ShopFilterValues>(value);
  const titleId = useId();
  const count = activeFilterCount(value.filters);
  // The search text counts once it is sent (Enter or Apply), like the page's.
  const [sentSearch, setSentSearch] = useState(value.search);
  const answer = useSearchQuery(argsOf({ filters: draft.filters, search: sentSearch }), { skip: !open });
  const shown = useDeferredValue(answer.data);
  const apply = (next: ShopFilterValues) => {
    setOpen(false);
    onApply({ ...next, search: next.search.trim() });
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<TuneIcon />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setDraft(value);
          setSentSearch(value.search);
          setOpen(true);
        }}
        sx={{ display: { xs: 'inline-flex', md: 'none' }, flexShrink: 0 }}
      >
        {`Filters (${count})`}
      </Button>
      <Drawer
        anchor="left"
        open={open}
        onClose={() => setOpen(false)}
        sx={{ display: { md: 'none' } }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { width: 'min(88vw, 360px)', display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Filters
          </Typography>
          <IconButton aria-label="Close filters" onClick={() => setOpen(false)} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 2.5, py: 2 }}>
          <ShopFilterPanel
            headingLevel="h3"
            search={draft.search}
            onSearchChange={(search) => setDraft((d) => ({ ...d, search }))}
            onSearchSubmit={() => apply(draft)}
            filters={draft.filters}
            onChange={(filters) => setDraft((d) => ({ ...d, filters }))}
            facets={shown?.facets}
            facetsFailed={!!answer.error}
            onReset={() => {
              setDraft({ filters: NO_FILTERS, search: '' });
              setSentSearch('');
            }}
          />
        </Box>
        <Box sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            aria-live="polite"
            sx={{ textAlign: 'center', mb: 1, minHeight: '1.43em' }}
            data-testid="drawer-total"
          >
            {!shown || answer.isFetching ? 'Counting products…' : `${shown.total} product${shown.total === 1 ? '' : 's'} match`}
          </Typography>
          <Button fullWidth variant="contained" size="large" onClick={() => apply(draft)}>
            Apply
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
