import type { WidgetProps } from '../widget-definition';
import { ASSET_ADMIN, DEVICE_ADMIN } from './admin-kinds';
import { EntityAdminTable } from './EntityAdminTable';

/** The reference's `entity_admin_widgets.device_admin_table`. */
export function DeviceAdminTableWidget({ config, data }: WidgetProps) {
  return <EntityAdminTable config={config} data={data} kind={DEVICE_ADMIN} />;
}

/** The reference's `entity_admin_widgets.asset_admin_table`. */
export function AssetAdminTableWidget({ config, data }: WidgetProps) {
  return <EntityAdminTable config={config} data={data} kind={ASSET_ADMIN} />;
}
