import { useEffect, useState } from 'react';
import { RIGHTS } from '@loa/contract';
import { fetchRights, type RightOption } from './api';

/** The rights that exist, from the server; the contract's list until it answers. */
export function useRights(): RightOption[] {
  const [rights, setRights] = useState<RightOption[]>(() => RIGHTS.map((r) => ({ value: r.value, quyen: r.quyen })));
  useEffect(() => {
    let alive = true;
    fetchRights()
      .then((list) => alive && setRights(list))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return rights;
}
