import {
  type BulkActionResult,
  type Customer,
  type EntityId,
  type EntityType,
  NULL_UUID,
  type PageData,
  type PageLink,
  type SortOrder,
} from '@meridian/common';
import Add from '@mui/icons-material/Add';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import Lock from '@mui/icons-material/Lock';
import Public from '@mui/icons-material/Public';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddEntitiesDialog } from './AddEntitiesDialog';
import { AssignToCustomerDialog } from './AssignToCustomerDialog';
import type {
  AddAction,
  EntityActionContext,
  EntityColumn,
  GroupAction,
  RowAction,
  TableEntity,
} from './types';

/**
 * Whose entities a customer-assignable table shows (reference console §3.5, §3.6, §3.9): the
 * tenant's (tenant administrator), one customer's as seen by the tenant administrator, or the
 * signed-in customer user's own.
 */
export type CustomerAssignableScope =
  | { kind: 'tenant' }
  | { kind: 'customer'; customerId: string; customer: Customer | undefined }
  | { kind: 'customerUser'; customerId: string };

/** The list scope of the REST calls: the tenant's entities, or one customer's. */
export type CustomerListScope = { kind: 'tenant' } | { kind: 'customer'; customerId: string };

/** A row that can be assigned to a customer and made public (device, asset, entity view). */
export interface CustomerAssignableEntity extends TableEntity {
  name: string;
  customerId: { id: string } | null;
  customerTitle: string | null;
  customerIsPublic: boolean;
}

/**
 * The entity-specific part: REST calls (each given the client passed to the hook) and the names the
 * message keys and action ids are built from. `one` / `many` are the message namespace's singular
 * and plural ('device' / 'devices'): the messages are `<one>.assign-to-customer`,
 * `<one>.unassign-<many>-title`, `customer.public-<many>`…
 */
export interface CustomerAssignableSource<T extends CustomerAssignableEntity, C> {
  one: string;
  many: string;
  /** Query key prefix of the entity type. */
  queryKey: readonly unknown[];
  /** The entity type, as bulk requests name entities. */
  entityType: 'DEVICE' | 'ASSET' | 'ENTITY_VIEW';
  /** Assigns or unassigns many entities in one server call, reporting each failure. */
  bulk: (
    client: C,
    action: 'assign' | 'unassign',
    entityIds: EntityId[],
    customerId?: string,
  ) => Promise<BulkActionResult>;
  unassign: (client: C, entityId: string) => Promise<unknown>;
  makePublic: (client: C, entityId: string) => Promise<unknown>;
  /** A page of the tenant's entities, for the "Assign new …" search. */
  searchTenant: (
    client: C,
    pageLink: PageLink,
    options: { signal: AbortSignal; ignoreLoading: boolean },
  ) => Promise<PageData<T>>;
  /** The customers the assign dialog offers, and their query key. */
  findCustomers: (client: C, text: string, signal: AbortSignal) => Promise<Customer[]>;
  customerQueryKey: readonly unknown[];
}

/** Assigned to a customer (public entities are assigned to the public customer). */
function isAssigned(entity: CustomerAssignableEntity): boolean {
  return entity.customerId !== null && entity.customerId.id !== NULL_UUID;
}

/** Where the hook's rows name their entity for bulk calls. */
function entityIdOf(entityType: EntityType, entity: CustomerAssignableEntity): EntityId {
  return { entityType, id: entity.id.id };
}

/** Page size of the "Assign new …" search (spec 3 §9: entity list 50). */
const SEARCH_PAGE_SIZE = 50;
const BY_NAME: SortOrder = { property: 'name', direction: 'ASC' };

/** 'entity-views' → 'EntityViews': the action ids' spelling of a name. */
function pascal(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The message keys of a source's names (exported for the locale check). */
export function customerAssignableKeys(one: string, many: string) {
  const ns = one;
  return {
    entities: `${ns}.${many}`,
    noEntitiesText: `${ns}.no-${many}-text`,
    noEntitiesMatching: `${ns}.no-${many}-matching`,
    makePublic: `${ns}.make-public`,
    makePublicTitle: `${ns}.make-public-title`,
    makePublicText: `${ns}.make-public-text`,
    makePrivate: `${ns}.make-private`,
    makePrivateTitle: `${ns}.make-private-title`,
    makePrivateText: `${ns}.make-private-text`,
    assignToCustomer: `${ns}.assign-to-customer`,
    assignToCustomerText: `${ns}.assign-to-customer-text`,
    assignOneToCustomer: `${ns}.assign-${one}-to-customer`,
    assignManyToCustomer: `${ns}.assign-${many}-to-customer`,
    assignMany: `${ns}.assign-${many}`,
    assignNew: `${ns}.assign-new-${one}`,
    unassignFromCustomer: `${ns}.unassign-from-customer`,
    unassignTitle: `${ns}.unassign-title`,
    unassignText: `${ns}.unassign-text`,
    unassignMany: `${ns}.unassign-${many}`,
    unassignManyTitle: `${ns}.unassign-${many}-title`,
    unassignManyText: `${ns}.unassign-${many}-text`,
    customerEntities: `customer.${many}`,
    publicCustomerEntities: `customer.public-${many}`,
  };
}

type Dialog<T> =
  | { kind: 'assign'; entities: T[]; context: EntityActionContext }
  | { kind: 'addToCustomer'; customerId: string; context: EntityActionContext };

export interface CustomerAssignableParts<T> {
  listScope: CustomerListScope;
  /** Table title of the scope: "Devices", "Customer A: Devices", "Public devices". */
  title: string;
  /** The Customer and Public columns (tenant scope only). */
  columns: EntityColumn<T>[];
  /** Make public / assign / unassign / make private, as the scope allows. */
  rowActions: RowAction<T>[];
  /** Assign (tenant) or unassign (customer) the selected rows. */
  groupActions: GroupAction<T>[];
  /** "Assign new …" (customer scope only). */
  addActions: AddAction[];
}

/**
 * Scope handling, columns, actions and dialogs shared by the tables of entities a tenant assigns to
 * customers or makes public; render `dialogs` next to the table.
 */
export function useCustomerAssignable<T extends CustomerAssignableEntity, C>(
  scope: CustomerAssignableScope,
  source: CustomerAssignableSource<T, C>,
  http: C,
): CustomerAssignableParts<T> & { dialogs: ReactNode } {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog<T> | null>(null);
  const customerId = scope.kind === 'tenant' ? null : scope.customerId;
  const publicCustomer = scope.kind === 'customer' && scope.customer?.additionalInfo?.isPublic === true;
  const customerTitle = scope.kind === 'customer' ? scope.customer?.title : undefined;
  const keys = customerAssignableKeys(source.one, source.many);
  const idOf = (entity: CustomerAssignableEntity) => entityIdOf(source.entityType, entity);

  const parts = useMemo((): CustomerAssignableParts<T> => {
    const k = customerAssignableKeys(source.one, source.many);
    const listScope: CustomerListScope =
      customerId === null ? { kind: 'tenant' } : { kind: 'customer', customerId };
    const confirmed = async (
      context: EntityActionContext,
      title: string,
      message: string,
      run: () => Promise<unknown>,
    ) => {
      if (await context.confirm({ title, message })) {
        await run();
        context.refresh();
      }
    };
    /** A row action that asks, then runs the call and refreshes. */
    const confirmedAction = (
      id: string,
      label: string,
      icon: ReactNode,
      isVisible: (entity: T) => boolean,
      title: string,
      text: string,
      call: (client: C, entityId: string) => Promise<unknown>,
    ): RowAction<T> => ({
      id,
      label: t(label),
      icon,
      isVisible,
      onAction: (e, context) =>
        confirmed(context, t(title, { name: e.name }), t(text), () => call(http, e.id.id)),
    });
    const makePublic = confirmedAction(
      'makePublic',
      k.makePublic,
      <Public fontSize="small" />,
      (e) => !isAssigned(e),
      k.makePublicTitle,
      k.makePublicText,
      source.makePublic,
    );
    const assign: RowAction<T> = {
      id: 'assignToCustomer',
      label: t(k.assignToCustomer),
      icon: <AssignmentInd fontSize="small" />,
      isVisible: (e) => !isAssigned(e),
      onAction: (e, context) => setDialog({ kind: 'assign', entities: [e], context }),
    };
    const unassign = confirmedAction(
      'unassignFromCustomer',
      k.unassignFromCustomer,
      <AssignmentReturn fontSize="small" />,
      (e) => isAssigned(e) && !e.customerIsPublic,
      k.unassignTitle,
      k.unassignText,
      source.unassign,
    );
    const makePrivate = confirmedAction(
      'makePrivate',
      k.makePrivate,
      <Lock fontSize="small" />,
      (e) => e.customerIsPublic,
      k.makePrivateTitle,
      k.makePrivateText,
      source.unassign,
    );

    const entities = t(k.entities);
    if (scope.kind === 'tenant') {
      return {
        listScope,
        title: entities,
        columns: [
          {
            key: 'customerTitle',
            label: t('customer.customer'),
            value: (e) => (e.customerIsPublic ? '' : e.customerTitle),
          },
          {
            key: 'customerIsPublic',
            label: t('entity.public'),
            kind: 'boolean',
            sortable: false,
            value: (e) => e.customerIsPublic,
          },
        ],
        rowActions: [makePublic, assign, unassign, makePrivate],
        groupActions: [
          {
            id: `assign${pascal(source.many)}`,
            label: t(k.assignMany),
            icon: <AssignmentInd />,
            onAction: (selected, context) => setDialog({ kind: 'assign', entities: selected, context }),
          },
        ],
        addActions: [],
      };
    }
    if (scope.kind === 'customerUser') {
      return { listScope, title: entities, columns: [], rowActions: [], groupActions: [], addActions: [] };
    }
    return {
      listScope,
      title: publicCustomer
        ? t(k.publicCustomerEntities)
        : customerTitle === undefined
          ? t(k.customerEntities)
          : t('customer.scoped-title', { customer: customerTitle, entities }),
      columns: [],
      rowActions: [unassign, makePrivate],
      groupActions: [
        {
          id: `unassign${pascal(source.many)}`,
          label: t(k.unassignMany),
          icon: <AssignmentReturn />,
          onAction: (selected, context) =>
            confirmed(
              context,
              t(k.unassignManyTitle, { count: selected.length }),
              t(k.unassignManyText),
              async () => {
                const ids = selected.map((e) => entityIdOf(source.entityType, e));
                const result = await source.bulk(http, 'unassign', ids);
                context.reportBulk('unassign', result);
              },
            ),
        },
      ],
      addActions: [
        {
          id: `assignNew${pascal(source.one)}`,
          label: t(k.assignNew),
          icon: <Add fontSize="small" />,
          onAction: (context) => setDialog({ kind: 'addToCustomer', customerId: scope.customerId, context }),
        },
      ],
    };
  }, [t, http, scope, source, customerId, publicCustomer, customerTitle]);

  let dialogs: ReactNode = null;
  const close = () => setDialog(null);
  if (dialog?.kind === 'assign') {
    dialogs = (
      <AssignToCustomerDialog
        title={
          dialog.entities.length === 1
            ? t(keys.assignOneToCustomer)
            : t(keys.assignManyToCustomer, { count: dialog.entities.length })
        }
        text={t(keys.assignToCustomerText)}
        customerQueryKey={source.customerQueryKey}
        searchCustomers={(text, signal) =>
          source
            .findCustomers(http, text, signal)
            .then((list) => list.map((c) => ({ id: c.id.id, label: c.title })))
        }
        onAssign={async (customer) => {
          const result = await source.bulk(http, 'assign', dialog.entities.map(idOf), customer.id);
          dialog.context.reportBulk('assign', result);
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'addToCustomer') {
    dialogs = (
      <AddEntitiesDialog
        title={t(keys.assignNew)}
        label={t(keys.entities)}
        queryKey={[...source.queryKey, 'assignable']}
        search={(text, signal) => {
          const pageLink: PageLink = {
            pageSize: SEARCH_PAGE_SIZE,
            page: 0,
            textSearch: text,
            sortOrder: BY_NAME,
          };
          return source
            .searchTenant(http, pageLink, { signal, ignoreLoading: true })
            .then((page) => page.data.map((e) => ({ id: e.id.id, label: e.name })))
            .catch(() => []);
        }}
        noOptionsText={(text) => (text ? t(keys.noEntitiesMatching, { text }) : t(keys.noEntitiesText))}
        onAdd={async (added) => {
          const ids = added.map((e) => ({ entityType: source.entityType, id: e.id }));
          const result = await source.bulk(http, 'assign', ids, dialog.customerId);
          dialog.context.reportBulk('assign', result, new Map(added.map((e) => [e.id, e.label])));
          dialog.context.refresh();
        }}
        onClose={close}
      />
    );
  }
  return { ...parts, dialogs };
}
