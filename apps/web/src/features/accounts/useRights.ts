import { RIGHTS } from '@loa/contract';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { RIGHTS_PATH, type RightOption } from './api';

const CONTRACT_RIGHTS: RightOption[] = RIGHTS.map((r) => ({ value: r.value, quyen: r.quyen }));

/** The rights that exist, from the server (they change only with a release); the contract's list until it answers. */
export function useRights(): RightOption[] {
  return useApiQuery<RightOption[]>(RIGHTS_PATH, { staleTime: Infinity }).data ?? CONTRACT_RIGHTS;
}
