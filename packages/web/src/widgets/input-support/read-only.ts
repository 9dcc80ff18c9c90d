import { useContext } from 'react';
import { DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';

/** Whether the open dashboard is a public viewer's: inputs then show values but write nothing. */
export function useReadOnlyDashboard(): boolean {
  return useContext(DashboardRuntimeContext)?.readOnly === true;
}
