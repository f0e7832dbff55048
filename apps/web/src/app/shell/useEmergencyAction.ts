import { useContext } from 'react';
import { EmergencyActionContext, type EmergencyActionValue } from './EmergencyActionProvider';

/** The Emergency broadcast button's action slot. */
export function useEmergencyAction(): EmergencyActionValue {
  const value = useContext(EmergencyActionContext);
  if (!value) throw new Error('useEmergencyAction must be used inside EmergencyActionProvider');
  return value;
}
