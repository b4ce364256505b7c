import type React from 'react';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import { Box, Chip, Rating, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SimpleList,
  Link,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import type { ShopDataProvider } from '../dataProvider/dataProvider';
import { errorMessage } from '../dataProvider/httpClient';
import type { ModerationReviewRecord, ReviewStatus } from '../lib/api-types';
import { formatDate, truncate } from '../lib/format';
import { adminPath } from '../lib/paths';
import { batches, moderationMessage, REVIEW_STATUS_LABELS, REVIEW_STATUSES, reviewStatusColor } from './reviewModeration';
import { useCompact } from '../lib/useCompact';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search reviews" />,
  <ReferenceInput key="product" source="product" reference="products" alwaysOn>
    <AutocompleteInput label="Product" optionText="name" sx={{ width: { xs: '100%', sm: 240 } }} />
  </ReferenceInput>,
];

export function ReviewStatusChip({ status }: { status: string }) {
  return <Chip size="small" label={REVIEW_STATUS_LABELS[status as ReviewStatus] ?? status} color={reviewStatusColor(status)} />;
}

/** Approve or reject the selected reviews (in batches of 100); the API recomputes each product's rating. */
function ModerateButton({ status }: { status: 'approved' | 'rejected' }) {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('reviews');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      let changed = 0;
      let missing = 0;
      for (const ids of batches(selectedIds)) {
        const result = await dataProvider.setReviewStatus(ids, status);
        changed += result.ids.length;
        missing += result.missing.length;
      }
      notify(moderationMessage(status, changed, missing), { type: 'success' });
      unselectAll();
      refresh();
    } catch (error) {
      notify(errorMessage(error, 'An error occurred. Please try again.'), { type: 'error' });
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={status === 'approved' ? 'Approve' : 'Reject'} onClick={run} disabled={busy} color={status === 'approved' ? 'success' : 'error'}>
      {status === 'approved' ? <CheckIcon /> : <BlockIcon />}
    </Button>
  );
}

function BulkActions() {
  return (
    <>
      <ModerateButton status="approved" />
      <ModerateButton status="rejected" />
    </>
  );
}

const TABS = [...REVIEW_STATUSES, 'all'] as const;

/**
 * Tabs by status, the filter react-admin keeps in the URL (?filter={"status":"pending"}), with counts from
 * GET /api/reviews/counts: the list's other filters (the search, the product) apply, so a tab counts what it lists.
 */
function StatusTabs() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const unselectAll = useUnselectAll('reviews');
  const { status, ...rest } = filterValues as Record<string, unknown>;
  const { data: counts } = useQuery({ queryKey: ['reviews', 'counts', rest], queryFn: () => dataProvider.getReviewCounts(rest) });
  const current = typeof status === 'string' ? status : 'all';
  const change = (_: unknown, value: string) => {
    unselectAll();
    setFilters(value === 'all' ? rest : { ...rest, status: value }, displayedFilters);
  };
  return (
    <Tabs
      value={current}
      onChange={change}
      aria-label="Reviews by status"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((s) => {
        const count = counts ? counts[s] : undefined;
        return (
          <Tab
            key={s}
            value={s}
            data-testid={`reviews-tab-${s}`}
            data-count={count ?? ''}
            label={`${s === 'all' ? 'All' : REVIEW_STATUS_LABELS[s]}${count === undefined ? '' : ` (${count})`}`}
          />
        );
      })}
    </Tabs>
  );
}

const productLink = (r: ModerationReviewRecord) => (
  <Link to={adminPath(`/product/update/${r.product._id}`)} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
    {r.product.name}
  </Link>
);

function ReviewRows() {
  const small = useCompact();
  if (small) {
    return (
      <SimpleList<ModerationReviewRecord>
        primaryText={(r) => `${r.product.name} · ${r.rating}/5`}
        secondaryText={(r) => `${r.author.name}: ${truncate(r.comment, 80)}`}
        tertiaryText={(r) => REVIEW_STATUS_LABELS[r.status]}
        rowClick={false}
      />
    );
  }
  return (
    <DataTable<ModerationReviewRecord> bulkActionButtons={<BulkActions />} rowClick={false}>
      <DataTable.Col source="createdAt" label="Date" render={(r) => formatDate(r.createdAt)} />
      <DataTable.Col source="productName" label="Product" render={productLink} />
      <DataTable.Col source="name" label="Author" render={(r) => r.author.name} />
      <DataTable.Col
        source="rating"
        label="Rating"
        render={(r) => <Rating size="small" value={r.rating} readOnly aria-label={`${r.rating} out of 5 stars`} />}
      />
      <DataTable.Col
        source="comment"
        label="Comment"
        disableSort
        render={(r) => <Typography variant="body2">{truncate(r.comment, 160)}</Typography>}
      />
      <DataTable.Col source="status" label="Status" render={(r) => <ReviewStatusChip status={r.status} />} />
    </DataTable>
  );
}

/** /admin/reviews: every product's reviews by status (pending first), approved or rejected in bulk. */
export function ReviewList() {
  const small = useCompact();
  return (
    <List
      resource="reviews"
      title="Reviews"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={small ? filters.slice(0, 1) : filters}
      // Below md only the search box is offered, so the filter button has nothing to add (and pushed the row past a phone's width).
      actions={small ? false : undefined}
      filterDefaultValues={{ status: 'pending' }}
      exporter={false}
      sx={{
        '& .RaList-main': { minWidth: 0 },
        '& .RaList-actions, & .RaList-actions form': { flexWrap: 'wrap', minWidth: 0 },
        '& .RaList-actions .filter-field': { maxWidth: '100%' },
      }}
    >
      <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
        <StatusTabs />
        <ReviewRows />
      </Box>
    </List>
  );
}
