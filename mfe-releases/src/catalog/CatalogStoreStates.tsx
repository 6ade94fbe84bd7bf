import { useMemo } from 'react';
import styled from 'styled-components';
import { theme, useEndpointQuery } from '@portal/kit';
import { STORE_LOOP_ENDPOINTS, STORE_LOOP_UI, type CatalogStoreStates, type StoreState } from '@portal/contracts';

const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-top: 4px;
`;
const TONE: Record<StoreState, { fg: string; bg: string }> = {
  queued: { fg: theme.colors.textMuted, bg: theme.colors.surfaceMuted },
  delivered: { fg: theme.colors.text, bg: theme.colors.surfaceMuted },
  ingested: { fg: theme.colors.successText, bg: theme.colors.successSoft },
  live: { fg: theme.colors.successText, bg: theme.colors.successSoft },
  refused: { fg: theme.colors.danger, bg: theme.colors.dangerSoft },
  failed: { fg: theme.colors.danger, bg: theme.colors.dangerSoft },
  taken_down: { fg: theme.colors.textMuted, bg: theme.colors.surfaceMuted },
};
const Chip = styled.li<{ $state: StoreState }>`
  font-size: 12px;
  line-height: 18px;
  padding: 0 8px;
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  color: ${({ $state }) => TONE[$state].fg};
  background: ${({ $state }) => TONE[$state].bg};
  white-space: nowrap;
`;

/**
 * The store states of the approved releases on a catalogue page (issue 39 §2; GET
 * /api/getCatalogStoreStates), one request for the page: release id → its stores and states.
 */
export function useCatalogStoreStates(releaseIds: number[]): Map<number, CatalogStoreStates['stores']> {
  const ids = [...releaseIds].sort((a, b) => a - b).join(',');
  const q = useEndpointQuery(STORE_LOOP_ENDPOINTS.getCatalogStoreStates, { query: { release_ids: ids } }, { enabled: ids !== '', silent: true, staleTime: 30_000 });
  const body = q.data?.body;
  return useMemo(() => new Map((Array.isArray(body) ? body : []).map((r) => [r.release_id, r.stores])), [body]);
}

/** "Spotify: Live", "Deezer: Refused" … as small labelled chips; nothing before the first store is sent. */
export function StoreStateChips({ stores }: { stores: CatalogStoreStates['stores'] | undefined }) {
  if (!stores?.length) return null;
  return (
    <Chips aria-label={STORE_LOOP_UI.catalogStores} data-testid="catalog-store-states">
      {stores.map((s) => (
        <Chip key={s.store} $state={s.state} data-store={s.store} data-state={s.state}>
          {s.store}: {STORE_LOOP_UI.label[s.state]}
        </Chip>
      ))}
    </Chips>
  );
}
