import { useCallback, useEffect, useState } from 'react';
import type { Account } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { fetchAccounts } from './api';

/** One server page of accounts for a search; `replace` and `remove` patch it after an action. */
export function useAccounts(search: string, page: number, pageSize: number) {
  const [data, setData] = useState<{ items: Account[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let alive = true;
    fetchAccounts(search, page + 1, pageSize)
      .then((answer) => {
        if (!alive) return;
        setData(answer);
        setError(null);
      })
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [search, page, pageSize, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const replace = useCallback((account: Account) => {
    setData((current) => current && { ...current, items: current.items.map((a) => (a._id === account._id ? account : a)) });
  }, []);
  return { accounts: data?.items ?? null, total: data?.total ?? 0, error, reload, replace };
}
