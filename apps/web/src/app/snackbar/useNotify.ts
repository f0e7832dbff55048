import { useContext } from 'react';
import { NotifyContext, type NotifyValue } from './SnackbarProvider';

/** Shows success and error notifications. */
export function useNotify(): NotifyValue {
  const value = useContext(NotifyContext);
  if (!value) throw new Error('useNotify must be used inside SnackbarProvider');
  return value;
}
