import { useEffect, useEffectEvent } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState, ThunkExtra } from '@/app/store';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { entryFor, type KeyedRequest } from '@/store/requests';

interface PagedList<Query, Page> {
  /** Which answer a query asks for (the slice's list key). */
  keyOf: (query: Query) => string;
  fetch: (query: Query) => ThunkAction<unknown, RootState, ThunkExtra, UnknownAction>;
  select: (state: RootState) => KeyedRequest<Page>;
}

/**
 * A list page's controller: the query (read from the address by the page) is fetched whenever
 * its key changes or a change elsewhere made the list stale. `list` keeps the last page shown,
 * dimmed while the next loads; `current` is the entry when it answers this query.
 */
export function usePagedList<Query, Page>(
  query: Query,
  { keyOf, fetch, select }: PagedList<Query, Page>,
) {
  const dispatch = useAppDispatch();
  const key = keyOf(query);
  const list = useAppSelector(select);
  const load = useEffectEvent(() => void dispatch(fetch(query)));

  useEffect(() => load(), [key, list.stale]);

  return { list, current: entryFor(list, key), retry: () => void dispatch(fetch(query)) };
}
