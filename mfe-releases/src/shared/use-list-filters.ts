import { useState } from 'react';
import { useDebouncedValue } from '@portal/kit';

/**
 * The filters of a catalogue list (core §2, areas §2): the typed search (`searchText`) and its value
 * after `debounceMs` ms of quiet (`search`, the one queried), the status filter ('' = all) and the
 * 1-based page. The page belongs to the search and filter it was chosen for: a new search or filter
 * starts from page 1.
 */
export function useListFilters(debounceMs: number) {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState('');
  const search = useDebouncedValue(searchText, debounceMs);
  const filter = `${search}\n${status}`;
  const [paging, setPaging] = useState({ filter, page: 1 });
  const page = paging.filter === filter ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filter, page: next });
  return { searchText, setSearchText, search, status, setStatus, page, setPage };
}
