import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { route } from '../generated/routes.ts';
import { http } from '../lib/http.ts';
import { formatCategory, formatIrating } from '../lib/racing-format.ts';
import { useDebouncedValue } from './use-debounce.ts';

export type SuggestionKind = 'driver' | 'series';

/** One typeahead hit: what it is, how it reads, and the page it opens. */
export interface Suggestion {
  key: string;
  kind: SuggestionKind;
  id: number;
  label: string;
  /** A second line: the driver's best licence, the series' category. */
  detail: string;
  href: string;
}

/** Wait after the last keystroke before asking the server. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Hits per kind. */
export const SUGGEST_LIMIT = 6;

interface DriverHit {
  custId: number;
  displayName: string;
  countryCode: string | null;
  licenses: { category: string; irating: number | null; licence: string | null }[];
}
interface SeriesHit {
  seriesId: number;
  name: string;
  category: string | null;
  licenseClass: string | null;
}

/** The hits of `q` from /api/drivers/search and /api/series/search, drivers first. */
export async function fetchSuggestions(
  q: string,
  kinds: readonly SuggestionKind[],
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const searchParams = { q, limit: SUGGEST_LIMIT };
  const [drivers, series] = await Promise.all([
    kinds.includes('driver')
      ? http.get('drivers/search', { searchParams, signal }).json<{ data: DriverHit[] }>()
      : Promise.resolve({ data: [] }),
    kinds.includes('series')
      ? http.get('series/search', { searchParams, signal }).json<{ data: SeriesHit[] }>()
      : Promise.resolve({ data: [] }),
  ]);
  return [
    ...drivers.data.map((d): Suggestion => {
      const best = [...d.licenses]
        .filter((l) => l.irating !== null)
        .sort((a, b) => (b.irating ?? 0) - (a.irating ?? 0))[0];
      return {
        key: `driver-${d.custId}`,
        kind: 'driver',
        id: d.custId,
        label: d.displayName,
        detail: [
          d.countryCode,
          best ? `${formatCategory(best.category)} ${formatIrating(best.irating)}` : null,
          best?.licence ?? null,
        ]
          .filter(Boolean)
          .join(' · '),
        href: route('drivers.show', { id: d.custId }),
      };
    }),
    ...series.data.map((s): Suggestion => ({
      key: `series-${s.seriesId}`,
      kind: 'series',
      id: s.seriesId,
      label: s.name,
      detail: [s.category ? formatCategory(s.category) : null, s.licenseClass]
        .filter(Boolean)
        .join(' · '),
      href: route('series.show', { id: s.seriesId }),
    })),
  ];
}

export interface SearchSuggestions {
  /** The text the hits are for (debounced). */
  q: string;
  suggestions: Suggestion[];
  loading: boolean;
  /** Whether the hits of the current text are in (possibly none). */
  settled: boolean;
}

/**
 * Typeahead hits for `text`: asked SUGGEST_DEBOUNCE_MS after the last keystroke, from 2
 * characters on, through TanStack Query (cached per text). A newer text aborts the search of
 * an older one still in flight (the query's AbortSignal goes to ky), so at most one search —
 * one request per source — is in flight. On the server none: a render asks nothing, and the
 * browser's first render has no hits either (nothing asked yet), so the markup is the same,
 * without a query observer per search box per rendered page.
 */
export const useSearchSuggestions =
  typeof window === 'undefined' ? noSuggestions : useAskedSuggestions;

function noSuggestions(text: string): SearchSuggestions {
  return { q: text.trim(), suggestions: [], loading: false, settled: false };
}

function useAskedSuggestions(text: string, kinds: readonly SuggestionKind[]): SearchSuggestions {
  const q = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);
  const enabled = q.length >= 2;
  const client = useQueryClient();
  const scope = kinds.join(',');
  useEffect(() => {
    void client.cancelQueries({
      queryKey: ['suggestions', scope],
      predicate: (query) => query.queryKey[2] !== q,
    });
  }, [client, scope, q]);
  const query = useQuery({
    queryKey: ['suggestions', scope, q],
    queryFn: ({ signal }) => fetchSuggestions(q, kinds, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return {
    q,
    suggestions: enabled ? (query.data ?? []) : [],
    loading: enabled && query.isFetching,
    settled: enabled && query.isSuccess && !query.isFetching && q === text.trim(),
  };
}
