import type { FacetValue } from '../../lib/models';

/** A value of a facet as the filter panel shows it. */
export interface FacetOption {
  value: string;
  label: string;
  /** Products it would show with the other filters; undefined while the counts load. */
  count: number | undefined;
  selected: boolean;
}

/**
 * The values of one facet to show: those the search counted, in its order, then any ticked value it left out (it
 * would show nothing with the other filters: count 0), so that a ticked value can always be unticked. `names`
 * names a value the answer has no label for (a ticked category by its id).
 */
export function facetOptions(
  values: readonly FacetValue[] | undefined,
  selected: readonly string[],
  names?: ReadonlyMap<string, string>,
): FacetOption[] {
  const options: FacetOption[] = (values ?? []).map((v) => ({
    value: v.value,
    label: v.label || names?.get(v.value) || v.value,
    count: v.count,
    selected: selected.includes(v.value),
  }));
  for (const value of selected) {
    if (!options.some((o) => o.value === value))
      options.push({ value, label: names?.get(value) ?? value, count: values ? 0 : undefined, selected: true });
  }
  return options;
}
