import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../lib/store-hooks';
import { errorMessage, fieldErrors } from '../../lib/api';
import type { SavedAddress, ShippingAddress } from '../../lib/models';
import {
  useAddressBookAddMutation,
  useAddressBookListQuery,
  useAddressBookMakeDefaultMutation,
  useAddressBookRemoveMutation,
  useAddressBookUpdateMutation,
  useShippingCountriesQuery,
} from '../../lib/shop-api';
import { AddressFields, useAddressErrors } from '../../components/address/AddressFields';
import { addressErrorsFrom, addressLine, addressOf, emptyAddress, validateAddress } from '../../components/address/address-form';

/** The API's limit (AddressBookService.MAX_ADDRESSES). */
const MAX_ADDRESSES = 5;

/** The form of a new address (editing null) or of a saved one. */
function AddressForm({ editing, onDone }: { editing: SavedAddress | null; onDone: () => void }) {
  const user = useAppSelector((s) => s.session.userInfo);
  const countries = useShippingCountriesQuery().data ?? [];
  const [address, setAddress] = useState<ShippingAddress>(() => (editing ? addressOf(editing) : emptyAddress(user?.username ?? '')));
  const [makeDefault, setMakeDefault] = useState(editing?.isDefault ?? false);
  const checks = useAddressErrors();
  const { showErrors } = checks;
  const [add, adding] = useAddressBookAddMutation();
  const [update, updating] = useAddressBookUpdateMutation();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems = validateAddress(address, countries);
    if (Object.keys(problems).length) return showErrors(problems);
    const addressInputDto = { ...address, isDefault: makeDefault };
    try {
      if (editing) await update({ id: editing.id, addressInputDto }).unwrap();
      else await add({ addressInputDto }).unwrap();
      toast.success(editing ? 'Address updated' : 'Address saved');
      onDone();
    } catch (error) {
      const refused = addressErrorsFrom(fieldErrors(error));
      if (Object.keys(refused).length) showErrors(refused);
      toast.error(errorMessage(error, 'An unexpected error occurred.'));
    }
  };

  const title = editing ? 'Edit address' : 'New address';
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title} sx={{ p: 2, borderRadius: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <AddressFields idPrefix="book" value={address} onChange={setAddress} checks={checks} countries={countries} />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />}
        label="Make this my default address"
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={adding.isLoading || updating.isLoading}>
          Save address
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Paper>
  );
}

/**
 * The Profile tab's address book: the addresses the checkout offers (saved there or here), each editable,
 * deletable and one the default. At most MAX_ADDRESSES.
 */
export function AddressBook() {
  const countries = useShippingCountriesQuery().data ?? [];
  const { data: addresses = [], isLoading } = useAddressBookListQuery();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [makeDefault] = useAddressBookMakeDefaultMutation();
  const [remove] = useAddressBookRemoveMutation();
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, 'An unexpected error occurred.'));
    }
  };

  return (
    <Box component="section" aria-labelledby="address-book-title" sx={{ maxWidth: 720 }}>
      <Typography id="address-book-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Address book
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The checkout offers these addresses, the default one first chosen.
      </Typography>
      {!isLoading && addresses.length === 0 && (
        <Typography sx={{ my: 1 }}>No saved addresses yet. The address of your next order is saved here.</Typography>
      )}
      <List disablePadding>
        {addresses.map((a) =>
          editing !== 'new' && editing?.id === a.id ? (
            <ListItem key={a.id} disableGutters>
              <AddressForm editing={a} onDone={() => setEditing(null)} />
            </ListItem>
          ) : (
            <ListItem key={a.id} divider disableGutters data-testid="address-entry" sx={{ display: 'block', py: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography>{addressLine(a, countries)}</Typography>
                {a.isDefault && <Chip size="small" color="primary" label="Default" />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {a.phone}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                <Button size="small" onClick={() => setEditing(a)}>
                  Edit
                </Button>
                {!a.isDefault && (
                  <Button size="small" onClick={() => act(() => makeDefault({ id: a.id }).unwrap(), 'Default address changed')}>
                    Make default
                  </Button>
                )}
                <Button size="small" color="error" onClick={() => act(() => remove({ id: a.id }).unwrap(), 'Address deleted')}>
                  Delete
                </Button>
              </Stack>
            </ListItem>
          ),
        )}
      </List>
      {editing === 'new' ? (
        <Box sx={{ mt: 2 }}>
          <AddressForm editing={null} onDone={() => setEditing(null)} />
        </Box>
      ) : (
        <Box sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={() => setEditing('new')} disabled={addresses.length >= MAX_ADDRESSES}>
            Add address
          </Button>
          {addresses.length >= MAX_ADDRESSES && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Your address book is full ({MAX_ADDRESSES} addresses): delete one to add another.
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
