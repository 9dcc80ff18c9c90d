import type { User } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Block from '@mui/icons-material/Block';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import Link from '@mui/icons-material/Link';
import Login from '@mui/icons-material/Login';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogsTabSource } from '../../api/audit-logs';
import type { DashboardScope } from '../../api/dashboards';
import {
  createUser,
  deleteUser,
  getActivationLink,
  getCustomerUsers,
  getTenantAdmins,
  getUser,
  saveUser,
  sendActivationEmail,
  setUserCredentialsEnabled,
  userKeys,
} from '../../api/user';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { AddEntityDialog } from '../../components/entity-table/AddEntityDialog';
import type {
  EntityActionContext,
  EntityFormConfig,
  EntityTableConfig,
  RowAction,
} from '../../components/entity-table/types';
import { entityDataTabs } from '../../components/entity-tabs/entity-data-tabs';
import { ActivationLinkDialog } from './ActivationLinkDialog';
import { AddUserForm, UserForm } from './UserForm';
import {
  type AddUserValues,
  addUserValues,
  credentialsEnabled,
  mayNeedActivation,
  newUserOfValues,
  type UserTableScope,
  type UserValues,
  userOfValues,
  userValuesOf,
} from './user-values';

type Dialog = { kind: 'add'; context: EntityActionContext } | { kind: 'activationLink'; link: string };

/** Path of the users table of a scope. */
export function usersPath(scope: UserTableScope): string {
  return scope.kind === 'tenantAdmins'
    ? `/tenants/${scope.tenantId}/users`
    : `/customers/${scope.customerId}/users`;
}

/**
 * The users table of a scope (reference console §3.2): tenant administrators of a tenant, or users
 * of a customer; the Add user dialog and the activation link dialog it opens.
 */
export function useUserTable(scope: UserTableScope): {
  config: EntityTableConfig<User, UserValues>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { http, auth, toasts, queryClient } = useServices();
  const { authUser, userTokenAccessEnabled } = useAuthState();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const selfId = authUser?.userId ?? null;

  const config = useMemo((): EntityTableConfig<User, UserValues> => {
    const tenantAdmins = scope.kind === 'tenantAdmins';
    const scopeId = tenantAdmins ? scope.tenantId : scope.customerId;
    // A tenant administrator can list a customer's dashboards; a system administrator cannot list a tenant's.
    const dashboards: DashboardScope | null = tenantAdmins
      ? null
      : { kind: 'customer', customerId: scope.customerId };
    const listPage = tenantAdmins ? getTenantAdmins : getCustomerUsers;

    const showActivationLink = async (user: User) => {
      const link = await getActivationLink(http, user.id.id);
      setDialog({ kind: 'activationLink', link });
    };
    const setEnabled = async (user: User, enabled: boolean, context: EntityActionContext) => {
      await setUserCredentialsEnabled(http, user.id.id, enabled);
      toasts.show({
        message: t(enabled ? 'users.enable-account-message' : 'users.disable-account-message'),
        type: 'success',
      });
      context.refresh();
    };

    const rowActions: RowAction<User>[] = [
      {
        id: 'displayActivationLink',
        label: t('users.display-activation-link'),
        icon: <Link fontSize="small" />,
        isVisible: mayNeedActivation,
        onAction: showActivationLink,
      },
      {
        id: 'resendActivation',
        label: t('users.resend-activation'),
        icon: <ForwardToInbox fontSize="small" />,
        isVisible: mayNeedActivation,
        onAction: async (user) => {
          await sendActivationEmail(http, user.email);
          toasts.show({ message: t('users.activation-email-sent-message'), type: 'success' });
        },
      },
      {
        id: 'disableAccount',
        label: t('users.disable-account'),
        icon: <Block fontSize="small" />,
        isVisible: (user) => credentialsEnabled(user) === true && user.id.id !== selfId,
        onAction: (user, context) => setEnabled(user, false, context),
      },
      {
        id: 'enableAccount',
        label: t('users.enable-account'),
        icon: <CheckCircleOutline fontSize="small" />,
        isVisible: (user) => credentialsEnabled(user) === false,
        onAction: (user, context) => setEnabled(user, true, context),
      },
    ];
    if (userTokenAccessEnabled) {
      rowActions.push({
        id: 'loginAsUser',
        label: tenantAdmins ? t('users.login-as-tenant-admin') : t('users.login-as-customer-user'),
        icon: <Login fontSize="small" />,
        isVisible: (user) => credentialsEnabled(user) === true,
        onAction: async (user) => {
          await auth.loginAsUser(user.id.id);
          // Nothing cached for the previous user may show to the new one.
          queryClient.clear();
        },
      });
    }

    let title: string = tenantAdmins ? t('users.tenant-admins') : t('users.customer-users');
    if (scope.title !== undefined) {
      title = tenantAdmins
        ? t('users.tenant-admins-of', { tenant: scope.title })
        : t('users.customer-users-of', { customer: scope.title });
    }

    return {
      testId: 'users',
      title,
      entityName: (user) => user.email,
      noEntitiesText: t('users.no-users-text'),
      queryKey: userKeys.managed(),
      listKey: [scope.kind, scopeId],
      // The list rows do not say whether an account is enabled; each shown user is read by id.
      fetchPage: async (pageLink, signal) => {
        const page = await listPage(http, scopeId, pageLink, { signal });
        const data = await Promise.all(
          page.data.map((user) =>
            getUser(http, user.id.id, { signal, ignoreErrors: true, ignoreLoading: true }).catch(() => user),
          ),
        );
        return { ...page, data };
      },
      columns: [
        { key: 'createdTime', label: t('entity.created-time'), kind: 'date', value: (u) => u.createdTime },
        { key: 'firstName', label: t('user.first-name'), value: (u) => u.firstName },
        { key: 'lastName', label: t('user.last-name'), value: (u) => u.lastName },
        { key: 'email', label: t('user.email'), value: (u) => u.email },
      ],
      addActions: [
        {
          id: 'add',
          label: t('users.add'),
          icon: <Add fontSize="small" />,
          onAction: (context) => setDialog({ kind: 'add', context }),
        },
      ],
      rowActions,
      isSelectable: (user) => user.id.id !== selfId,
      delete: {
        isEnabled: (user) => user.id.id !== selfId,
        run: (user) => deleteUser(http, user.id.id),
        title: (user) => t('users.delete-user-title', { email: user.email }),
        message: t('users.delete-user-text'),
        bulkTitle: (count) => t('users.delete-users-title', { count }),
        bulkMessage: t('users.delete-users-text'),
      },
      details: {
        load: (userId, options) => getUser(http, userId, options),
        toValues: userValuesOf,
        save: (values, user) =>
          user
            ? saveUser(http, userOfValues(values, user, dashboards !== null))
            : createUser(http, newUserOfValues(values, scope), true),
        render: (props) => <UserForm {...props} dashboards={dashboards} />,
        copyIdLabel: t('users.copy-id'),
        // A customer user's log (what the user did) is read by the tenant administrator; system
        // administrators, who list tenant administrators, have no audit log access (reference §2.5).
        tabs: tenantAdmins
          ? undefined
          : entityDataTabs(t, { entityId: (user) => user.id, auditLogs: auditLogsTabSource(http, 'user') }),
      },
      detailsPagePath: (user) => `${usersPath(scope)}/${user.id.id}`,
    };
  }, [t, http, auth, toasts, queryClient, scope, selfId, userTokenAccessEnabled]);

  const addForm = useMemo(
    (): EntityFormConfig<User, AddUserValues> => ({
      toValues: addUserValues,
      save: async (values) => {
        const display = values.activationMethod === 'displayActivationLink';
        const user = await createUser(http, newUserOfValues(values, scope), !display);
        // The user exists now: if the link cannot be read, the error is shown and the dialog closes.
        const link = display ? await getActivationLink(http, user.id.id).catch(() => null) : null;
        return { user, link };
      },
      render: (props) => <AddUserForm {...props} />,
    }),
    [http, scope],
  );

  let dialogs: ReactNode = null;
  const close = () => setDialog(null);
  if (dialog?.kind === 'add') {
    dialogs = (
      <AddEntityDialog
        title={t('users.add')}
        form={addForm}
        onClose={close}
        onAdded={(saved) => {
          dialog.context.refresh();
          const { link } = saved as { link: string | null };
          setDialog(link ? { kind: 'activationLink', link } : null);
        }}
      />
    );
  } else if (dialog?.kind === 'activationLink') {
    dialogs = <ActivationLinkDialog link={dialog.link} onClose={close} />;
  }
  return { config, dialogs };
}
