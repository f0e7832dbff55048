import { useCallback } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@loa/contract';
import { apiKey } from '../../lib/query/apiKey';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { accountListPath, ACCOUNTS_BASE } from './api';

type AccountPage = { items: Account[]; total: number };

/** One server page of accounts for a search, from the cache; `replace` patches it after an action, `reload` reads every page again. */
export function useAccounts(search: string, page: number, pageSize: number) {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const path = accountListPath(search, page + 1, pageSize);
  const query = useApiQuery<AccountPage>(path, { staleTime: STALE.lists, placeholderData: keepPreviousData });
  const reload = useCallback(() => void invalidate(ACCOUNTS_BASE), [invalidate]);
  const replace = useCallback((account: Account) => {
    client.setQueriesData<AccountPage>({ queryKey: apiKey(`${ACCOUNTS_BASE}/danhsach`) }, (current) => current && { ...current, items: current.items.map((a) => (a._id === account._id ? account : a)) });
  }, [client]);
  return { accounts: query.data?.items ?? null, total: query.data?.total ?? 0, error: query.error, retry: query.refetch, reload, replace };
}
