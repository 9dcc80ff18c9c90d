import {
  type Dashboard,
  type DashboardInfo,
  isJsonObject,
  type JsonObject,
  publicDashboardUrl,
  type ShortCustomerInfo,
} from '@meridian/common';
import type { DashboardDraft } from '../../api/dashboards';

/** Values of the dashboard form (reference console §3.12 "Form"). */
export interface DashboardValues {
  title: string;
  description: string;
  /** The dashboard's thumbnail, a `data:image/` URL. */
  image: string | null;
  mobileHide: boolean;
  mobileOrder: number | null;
}

/** Longest dashboard title the form accepts. */
export const DASHBOARD_TITLE_MAX_LENGTH = 255;

/** The public customer among the dashboard's customers, if it is public. */
export function publicCustomerOf(
  dashboard: Pick<DashboardInfo, 'assignedCustomers'>,
): ShortCustomerInfo | null {
  return dashboard.assignedCustomers?.find((customer) => customer.public) ?? null;
}

export function isDashboardPublic(dashboard: Pick<DashboardInfo, 'assignedCustomers'>): boolean {
  return publicCustomerOf(dashboard) !== null;
}

/** The customers other than the public one: the "Assigned to customers" of the table. */
export function privateCustomersOf(dashboard: Pick<DashboardInfo, 'assignedCustomers'>): ShortCustomerInfo[] {
  return (dashboard.assignedCustomers ?? []).filter((customer) => !customer.public);
}

/** "Customer A, Customer B": the titles of the customers other than the public one. */
export function assignedCustomersText(dashboard: Pick<DashboardInfo, 'assignedCustomers'>): string {
  return privateCustomersOf(dashboard)
    .map((customer) => customer.title)
    .join(', ');
}

/** The public link of a public dashboard (spec 1 §7), or null when it is private. */
export function publicLinkOf(
  dashboard: Pick<DashboardInfo, 'id' | 'assignedCustomers'>,
  origin: string,
): string | null {
  const publicCustomer = publicCustomerOf(dashboard);
  return publicCustomer ? publicDashboardUrl(origin, dashboard.id.id, publicCustomer.customerId.id) : null;
}

/** Whole numbers, negative ones included, or nothing: the mobile order. */
export function isMobileOrder(value: number | null): boolean {
  return value === null || Number.isInteger(value);
}

function configurationOf(dashboard: DashboardInfo | null): JsonObject {
  const configuration = (dashboard as Partial<Dashboard> | null)?.configuration;
  return isJsonObject(configuration) ? configuration : {};
}

export function dashboardValuesOf(dashboard: DashboardInfo | null): DashboardValues {
  const description = configurationOf(dashboard).description;
  return {
    title: dashboard?.title ?? '',
    description: typeof description === 'string' ? description : '',
    image: dashboard?.image ?? null,
    mobileHide: dashboard?.mobileHide === true,
    mobileOrder: typeof dashboard?.mobileOrder === 'number' ? dashboard.mobileOrder : null,
  };
}

/**
 * The dashboard to save: the stored one (whole, with its widgets and states) with the form's
 * changes; the description lives in the configuration, next to what the viewer keeps there.
 */
export function dashboardOfValues(values: DashboardValues, dashboard: Dashboard | null): DashboardDraft {
  return {
    ...dashboard,
    title: values.title.trim(),
    image: values.image,
    configuration: { ...configurationOf(dashboard), description: values.description },
    mobileHide: values.mobileHide,
    mobileOrder: values.mobileOrder,
  };
}

/**
 * A dashboard as exported to a JSON file: title, image, configuration and mobile settings; without
 * the id, creation time, tenant and customers, which belong to this server.
 */
export function exportedDashboard(
  dashboard: Dashboard,
): Omit<Dashboard, 'id' | 'createdTime' | 'tenantId' | 'assignedCustomers' | 'version'> {
  // The version is this server's save counter, not part of the dashboard (the reference has none).
  const {
    id: _id,
    createdTime: _createdTime,
    tenantId: _tenantId,
    assignedCustomers: _assignedCustomers,
    version: _version,
    ...rest
  } = dashboard;
  return rest;
}

/**
 * Reads an exported dashboard file (this console's or the reference's export): an object with a
 * title and a configuration object; null when it is not one. The configuration is kept as it is,
 * entity aliases included. Identity and customers of the exporting server are dropped, so the
 * import creates a new, unassigned dashboard.
 */
export function parseImportedDashboard(text: string): DashboardDraft | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isJsonObject(value)) {
    return null;
  }
  const { title, configuration } = value;
  if (typeof title !== 'string' || title.trim().length === 0 || !isJsonObject(configuration)) {
    return null;
  }
  const {
    id: _id,
    createdTime: _createdTime,
    tenantId: _tenantId,
    customerId: _customerId,
    assignedCustomers: _assignedCustomers,
    version: _version,
    ...rest
  } = value;
  return { ...(rest as Partial<DashboardDraft>), title, configuration };
}
