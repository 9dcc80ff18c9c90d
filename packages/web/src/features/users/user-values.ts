import { jsonObjectOrEmpty, NULL_UUID, type User, type UserAuthority } from '@meridian/common';
import type { NewUser } from '../../api/user';

/** How a new user gets the link to set a password (reference console §3.2 "Add user dialog"). */
export const ACTIVATION_METHODS = ['displayActivationLink', 'sendActivationMail'] as const;
export type ActivationMethod = (typeof ACTIVATION_METHODS)[number];

/**
 * Whose users the table shows: a tenant's administrators (system administrator) or a customer's
 * users (tenant administrator).
 */
export type UserTableScope =
  | { kind: 'tenantAdmins'; tenantId: string; title: string | undefined }
  | { kind: 'customerUsers'; customerId: string; tenantId: string; title: string | undefined };

/** Values of the user form (reference console §3.2 "Form"). */
export interface UserValues {
  email: string;
  firstName: string;
  lastName: string;
  description: string;
  defaultDashboardId: string | null;
  defaultDashboardFullscreen: boolean;
  homeDashboardId: string | null;
  homeDashboardHideToolbar: boolean;
}

export interface AddUserValues extends UserValues {
  activationMethod: ActivationMethod;
}

/**
 * Whether the user may sign in: true or false as `GET /api/user/{id}` reports it; undefined when
 * not known (a list row not loaded by id, or a user the server reports without the flag).
 */
export function credentialsEnabled(user: User): boolean | undefined {
  const enabled = user.additionalInfo?.userCredentialsEnabled;
  return typeof enabled === 'boolean' ? enabled : undefined;
}

/** Users whose account is not enabled may still need (or be waiting for) their activation link. */
export function mayNeedActivation(user: User): boolean {
  return credentialsEnabled(user) !== true;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const id = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

export function userValuesOf(user: User | null): UserValues {
  const info = user?.additionalInfo ?? {};
  return {
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    description: text(info.description),
    defaultDashboardId: id(info.defaultDashboardId),
    defaultDashboardFullscreen: info.defaultDashboardFullscreen === true,
    homeDashboardId: id(info.homeDashboardId),
    homeDashboardHideToolbar: info.homeDashboardHideToolbar === true,
  };
}

export function addUserValues(): AddUserValues {
  return { ...userValuesOf(null), activationMethod: 'displayActivationLink' };
}

const orNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
};

/**
 * The user to save: the stored user with the form's changes. Dashboards are written only when the
 * form offered them; other additionalInfo keys are kept.
 */
export function userOfValues(values: UserValues, user: User, withDashboards: boolean): User {
  const info = { ...jsonObjectOrEmpty(user.additionalInfo), description: values.description };
  if (withDashboards) {
    info.defaultDashboardId = values.defaultDashboardId;
    info.defaultDashboardFullscreen = values.defaultDashboardFullscreen;
    info.homeDashboardId = values.homeDashboardId;
    info.homeDashboardHideToolbar = values.homeDashboardHideToolbar;
  }
  return {
    ...user,
    email: values.email.trim(),
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    additionalInfo: info,
  };
}

/** The authority of the users a scope lists. */
export function scopeAuthority(scope: UserTableScope): UserAuthority {
  return scope.kind === 'tenantAdmins' ? 'TENANT_ADMIN' : 'CUSTOMER_USER';
}

/** A new tenant administrator or customer user of the scope. */
export function newUserOfValues(values: UserValues, scope: UserTableScope): NewUser {
  return {
    email: values.email.trim(),
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    authority: scopeAuthority(scope),
    tenantId: { entityType: 'TENANT', id: scope.tenantId },
    customerId: { entityType: 'CUSTOMER', id: scope.kind === 'customerUsers' ? scope.customerId : NULL_UUID },
    additionalInfo: { description: values.description },
  };
}
