import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiClient';

/** How many times a failed read is tried again: never for an answer the server gave on purpose (4xx) or an ended session. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.kind === 'session' || (error.status !== undefined && error.status < 500))) return false;
  return failureCount < 2;
}

/** The console's server-state cache: one per page load (and one per test render). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
