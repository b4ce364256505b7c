import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { errorMessage } from '../dataProvider/httpClient';
import { createSearchAdminApi, MISSES_SHOWN, type SearchAdminApi } from './search-admin-api';
import { checkGroups, sameGroups, textOf, wordsOf, type GroupDraft } from './synonyms';

const SYNONYMS_KEY = ['search', 'synonyms'] as const;
const MISSES_KEY = ['search', 'misses'] as const;

const defaultApi = createSearchAdminApi();

/** A date and time as the admin's browser writes them ('' for what is no date). */
function whenOf(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

/** The shop's search for a query, opened from the console (same origin). */
export function shopSearchUrl(query: string): string {
  return `/shop?search=${encodeURIComponent(query)}`;
}

/**
 * The console's Search page (/admin/search): the synonyms the shop's search uses, edited as groups of words and
 * saved with PUT /api/search/synonyms, and the top searches that found nothing (GET /api/search/misses), each
 * openable in the shop or turned into a new synonym group.
 */
export function SearchSettings({ api = defaultApi }: { api?: SearchAdminApi }) {
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="Search" />
      <Typography variant="h5" component="h1">
        Search
      </Typography>
      <SearchScreen api={api} />
    </Box>
  );
}

function SearchScreen({ api }: { api: SearchAdminApi }) {
  const [drafts, setDrafts] = useState<GroupDraft[] | null>(null);
  const nextKey = useRef(0);
  const draftsOf = (groups: string[][]): GroupDraft[] => groups.map((words) => ({ key: nextKey.current++, text: textOf(words) }));
  // A group just added takes the focus (which also brings it into view).
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const addGroup = (text = '') => {
    const key = nextKey.current++;
    setDrafts((current) => [...(current ?? []), { key, text }]);
    setFocusKey(key);
  };
  return (
    <>
      <SynonymsCard
        api={api}
        drafts={drafts}
        setDrafts={setDrafts}
        draftsOf={draftsOf}
        addGroup={addGroup}
        focusKey={focusKey}
        onFocused={() => setFocusKey(null)}
      />
      <MissesCard api={api} onAddSynonym={(query) => addGroup(`${query}, `)} />
    </>
  );
}

interface SynonymsCardProps {
  api: SearchAdminApi;
  drafts: GroupDraft[] | null;
  setDrafts: React.Dispatch<React.SetStateAction<GroupDraft[] | null>>;
  draftsOf: (groups: string[][]) => GroupDraft[];
  addGroup: (text?: string) => void;
  focusKey: number | null;
  onFocused: () => void;
}

function SynonymsCard({ api, drafts, setDrafts, draftsOf, addGroup, focusKey, onFocused }: SynonymsCardProps) {
  const notify = useNotify();
  const client = useQueryClient();
  const synonyms = useQuery({ queryKey: SYNONYMS_KEY, queryFn: () => api.getSynonyms() });
  const [triedToSave, setTriedToSave] = useState(false);

  // The editor starts from the saved groups once they arrive (and again after a save).
  useEffect(() => {
    if (synonyms.data && drafts === null) setDrafts(draftsOf(synonyms.data.groups));
  }, [synonyms.data, drafts, setDrafts, draftsOf]);

  const checked = useMemo(() => checkGroups(drafts ?? []), [drafts]);
  const saved = synonyms.data?.groups ?? [];
  const changed = drafts !== null && !sameGroups(checked.groups, saved);

  const save = useMutation({
    mutationFn: (groups: string[][]) => api.saveSynonyms(groups),
    onSuccess: (answer) => {
      client.setQueryData(SYNONYMS_KEY, answer);
      setDrafts(draftsOf(answer.groups));
      setTriedToSave(false);
      notify('Synonyms saved', { type: 'success' });
    },
    onError: (error) => notify(errorMessage(error, 'Saving the synonyms failed. Try again.'), { type: 'error' }),
  });

  const onSave = () => {
    setTriedToSave(true);
    if (checked.errors.size > 0) return;
    save.mutate(checked.groups);
  };

  return (
    <Card component="section" aria-labelledby="search-synonyms-heading">
      <CardContent>
        <Typography id="search-synonyms-heading" variant="h6" component="h2">
          Synonyms
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Words in one group find the same products: a shopper searching for any of them also finds the others. Separate the words or phrases of a
          group with commas.
        </Typography>
        {synonyms.error ? (
          <Alert severity="error">{errorMessage(synonyms.error, 'Loading the synonyms failed.')}</Alert>
        ) : drafts === null ? (
          <Box aria-busy="true" aria-label="Loading the synonyms">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        ) : (
          <>
            {drafts.length === 0 && <Typography sx={{ mb: 2 }}>No synonym groups yet.</Typography>}
            <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="synonym-groups">
              {drafts.map((draft, index) => {
                const error = triedToSave || wordsOf(draft.text).length === 0 ? checked.errors.get(draft.key) : undefined;
                const words = wordsOf(draft.text);
                return (
                  <Box component="li" key={draft.key} data-testid="synonym-group">
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <TextField
                        label={`Group ${index + 1}`}
                        value={draft.text}
                        onChange={(e) =>
                          setDrafts((current) => (current ?? []).map((d) => (d.key === draft.key ? { ...d, text: e.target.value } : d)))
                        }
                        fullWidth
                        size="small"
                        error={!!error}
                        helperText={error ?? 'Words or phrases, separated by commas'}
                        inputRef={(input: HTMLInputElement | null) => {
                          if (input && focusKey === draft.key) {
                            input.focus();
                            onFocused();
                          }
                        }}
                      />
                      <IconButton
                        aria-label={`Remove group ${index + 1}`}
                        onClick={() => setDrafts((current) => (current ?? []).filter((d) => d.key !== draft.key))}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Stack>
                    {words.length > 0 && (
                      <Stack
                        direction="row"
                        useFlexGap
                        spacing={0.5}
                        sx={{ flexWrap: 'wrap', mt: 0.5 }}
                        aria-label={`Words of group ${index + 1}`}
                        role="list"
                      >
                        {words.map((w) => (
                          <Chip key={w} label={w} size="small" role="listitem" />
                        ))}
                      </Stack>
                    )}
                  </Box>
                );
              })}
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button startIcon={<AddIcon />} onClick={() => addGroup()}>
                Add group
              </Button>
              <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} disabled={!changed || save.isPending}>
                {save.isPending ? 'Saving…' : 'Save synonyms'}
              </Button>
              {changed && (
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  Unsaved changes
                </Typography>
              )}
            </Stack>
            {triedToSave && checked.errors.size > 0 && (
              <Alert severity="error" sx={{ mt: 2 }}>
                Some groups cannot be saved yet: see the messages under them.
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function MissesCard({ api, onAddSynonym }: { api: SearchAdminApi; onAddSynonym: (query: string) => void }) {
  const misses = useQuery({ queryKey: MISSES_KEY, queryFn: () => api.getMisses(MISSES_SHOWN) });
  const items = misses.data?.items ?? [];
  return (
    <Card component="section" aria-labelledby="search-misses-heading">
      <CardContent>
        <Typography id="search-misses-heading" variant="h6" component="h2">
          Searches that found nothing
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The {MISSES_SHOWN} most frequent searches in the shop that had no results. A synonym group can connect such a word to the products it means.
        </Typography>
        {misses.error && <Alert severity="error">{errorMessage(misses.error, 'Loading the searches failed.')}</Alert>}
        {misses.isPending && <Typography>Loading…</Typography>}
        {!misses.isPending && !misses.error && items.length === 0 && <Typography color="text.secondary">No searches without results yet.</Typography>}
        {items.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="search-misses-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Query</TableCell>
                  <TableCell align="right">Searches</TableCell>
                  <TableCell>Last searched</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((miss) => (
                  <TableRow key={miss.query} data-testid="search-miss">
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      <Link
                        href={shopSearchUrl(miss.query)}
                        target="_blank"
                        rel="noopener"
                        aria-label={`${miss.query} (opens the shop's search in a new tab)`}
                      >
                        {miss.query}
                        <OpenInNewIcon sx={{ fontSize: '0.9em', ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
                      </Link>
                    </TableCell>
                    <TableCell align="right">{miss.count}</TableCell>
                    <TableCell>{whenOf(miss.lastSearchedAt)}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        startIcon={<AddIcon />}
                        onClick={() => onAddSynonym(miss.query)}
                        aria-label={`Add “${miss.query}” to a new synonym group`}
                      >
                        Synonym
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
