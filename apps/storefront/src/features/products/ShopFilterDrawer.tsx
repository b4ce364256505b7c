import CloseIcon from '@mui/icons-material/Close';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ShopFilterPanel } from './ShopFilterPanel';
import { activeFilterCount } from './shop-sort';

export interface ShopFilterValues {
  checked: string[];
  /** The index of the price range, '' for any price. */
  radio: string;
  search: string;
}

/**
 * Small screens (below md): the shop's filters behind a 'Filters (n)' button, in a drawer. Choices are made on
 * a copy and take effect on Apply (or on a search); closing the drawer leaves the filters as they were.
 * From md up neither the button nor the drawer shows (CSS): the side panel has the filters there.
 */
export function ShopFilterDrawer({ value, onApply }: { value: ShopFilterValues; onApply: (next: ShopFilterValues) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ShopFilterValues>(value);
  const titleId = useId();
  const count = activeFilterCount(value.checked, value.radio);
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
        slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, sx: { width: 'min(88vw, 360px)', display: 'flex', flexDirection: 'column' } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
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
            checked={draft.checked}
            onToggleCategory={(id) => setDraft((d) => ({ ...d, checked: d.checked.includes(id) ? d.checked.filter((x) => x !== id) : [...d.checked, id] }))}
            radio={draft.radio}
            onRadioChange={(radio) => setDraft((d) => ({ ...d, radio }))}
            onReset={() => setDraft({ checked: [], radio: '', search: '' })}
          />
        </Box>
        <Box sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Button fullWidth variant="contained" size="large" onClick={() => apply(draft)}>
            Apply
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
