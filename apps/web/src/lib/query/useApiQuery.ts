import { useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../apiClient';
import { apiKey } from './apiKey';

type Options<T> = Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'> & {
  /** Reads another way than a plain GET of the path (a POST that reads, a list unwrapped). */
  read?: () => Promise<T>;
};

/** A read of the API through the cache, keyed by its path (see apiKey); `path` null waits. */
export function useApiQuery<T>(path: string | null, options: Options<T> = {}) {
  const { read, ...rest } = options;
  return useQuery<T, Error, T>({
    queryKey: apiKey(path ?? ''),
    queryFn: read ?? (() => api.get<T>(path ?? '')),
    ...rest,
    enabled: path !== null && (rest.enabled ?? true),
  });
}

/** Marks every cached read under these paths stale (and refetches those on screen): what a change calls after it succeeds. */
export function useInvalidate(): (...paths: string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(async (...paths: string[]) => {
    await Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: apiKey(path) })));
  }, [client]);
}
