import type { BulkAction, BulkActionResult, PageData, PageLink, SortOrder } from '@meridian/common';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** What the framework needs of every row: an id and a creation time. */
export interface TableEntity {
  id: { id: string };
  createdTime: number;
}

/** A confirm dialog request (spec 3 §2.1 Confirm): title, message, Cancel and OK. */
export interface ConfirmRequest {
  title: string;
  message: string;
  okLabel?: string;
  cancelLabel?: string;
}

/** What an action handler may do with the table it was started from. */
export interface EntityActionContext {
  /** Reloads the list and any open details. */
  refresh(): void;
  /** Asks the user; resolves true for OK. */
  confirm(request: ConfirmRequest): Promise<boolean>;
  /** Closes the details drawer, or leaves the details page. */
  closeDetails(): void;
  /**
   * Shows what a bulk action came to above the table (entities it failed for, and why); entities
   * are named from the table's rows, or from `names` (id → name) for entities not on the page.
   */
  reportBulk(action: BulkAction, result: BulkActionResult, names?: ReadonlyMap<string, string>): void;
}

export interface EntityColumn<T> {
  /** Sort property and column id. */
  key: string;
  /** Translated header. */
  label: string;
  /** Server-side sort on `key`; true unless set false. */
  sortable?: boolean;
  /** 'date' formats epoch ms, 'boolean' shows a check-box icon. */
  kind?: 'text' | 'date' | 'boolean';
  value: (entity: T) => ReactNode;
  /** Adds a copy button copying this text (when not empty). */
  copyText?: (entity: T) => string | null;
  width?: string;
  /** Shown on phones too, after the naming column (see phone-columns.ts). */
  keepOnPhone?: boolean;
  /** The column that names a row on a phone, for rows whose name is not one of the usual keys. */
  namesRow?: boolean;
}

/** A per-row action: icon button on wide screens, an item of the "more" menu on narrow ones. */
export interface RowAction<T> {
  id: string;
  label: string;
  icon: ReactNode;
  isVisible?: (entity: T) => boolean;
  onAction: (entity: T, context: EntityActionContext) => void | Promise<void>;
}

/** An action on the selected rows, offered in the "N selected" toolbar. */
export interface GroupAction<T> {
  id: string;
  label: string;
  icon: ReactNode;
  onAction: (entities: T[], context: EntityActionContext) => void | Promise<void>;
}

/** An entry of the Add button (one entry) or Add menu (several). */
export interface AddAction {
  id: string;
  label: string;
  icon?: ReactNode;
  onAction: (context: EntityActionContext) => void;
}

/** Deletion: the automatic Delete row action, bulk Delete and the details Delete button. */
export interface DeleteConfig<T> {
  isEnabled?: (entity: T) => boolean;
  run: (entity: T) => Promise<unknown>;
  title: (entity: T) => string;
  message: string;
  bulkTitle: (count: number) => string;
  bulkMessage: string;
  /** Bulk delete offered; true unless set false. */
  bulk?: boolean;
  /** Deletes a selection in one call (the server's bulk delete); otherwise `run` is called per entity. */
  runMany?: (entities: T[]) => Promise<BulkActionResult>;
}

/** What the entity form of the Details tab (and the Add dialog) is drawn with. */
export interface EntityFormProps<T, V extends FieldValues> {
  form: UseFormReturn<V>;
  /** The entity shown, or null in the Add dialog. */
  entity: T | null;
  /** Fields are editable. */
  editing: boolean;
  isAdd: boolean;
}

/** A details tab after Details; it shares the entity form. */
export interface EntityTab<T, V extends FieldValues> {
  id: string;
  label: string;
  /** Draws the label instead of `label`, from the entity form (e.g. "Alarm rules (N)" counting form rows). */
  renderLabel?: (props: EntityFormProps<T, V>) => ReactNode;
  render: (props: EntityFormProps<T, V>) => ReactNode;
  /**
   * Drawn outside the entity form: for tabs with tables, searches and dialogs of their own
   * (attributes, relations, audit logs), whose inputs and submits must not reach the entity form.
   */
  standalone?: boolean;
}

/** The entity form: values for an entity, the save built from them, and how it is drawn. */
export interface EntityFormConfig<T, V extends FieldValues> {
  toValues: (entity: T | null) => V;
  /** Saves the values as a new entity (entity null) or over `entity`; resolves to the saved entity. */
  save: (values: V, entity: T | null) => Promise<unknown>;
  render: (props: EntityFormProps<T, V>) => ReactNode;
}

/** How the details view asks for its entity (a subset of the HTTP client's request options). */
export interface DetailsLoadOptions {
  signal: AbortSignal;
  /** The details page shows a missing entity in place, so the HTTP client shows no 404 toast. */
  notFoundHandled: boolean;
}

export interface EntityDetailsConfig<T, V extends FieldValues> extends EntityFormConfig<T, V> {
  /** Loads the entity the drawer or details page shows; pass `options` on to the HTTP call. */
  load: (entityId: string, options: DetailsLoadOptions) => Promise<T>;
  tabs?: EntityTab<T, V>[];
  /** Keep the extra tabs while editing (hidden by default). */
  tabsVisibleWhileEditing?: boolean;
  /** Entity shown read-only (no edit toggle). */
  isReadonly?: (entity: T) => boolean;
  /** Label of the copy-id button, e.g. "Copy device Id". */
  copyIdLabel: string;
  /** Buttons of the form's button bar after the row actions (e.g. "Copy access token"). */
  extraButtons?: (entity: T, context: EntityActionContext) => ReactNode;
}

/**
 * Everything an entity table page is built from (reference console §2): columns, data, actions,
 * the entity form and its tabs. Scope-dependent pages build a different config per scope.
 */
export interface EntityTableConfig<T extends TableEntity, V extends FieldValues> {
  /** data-testid prefix, e.g. 'devices'. */
  testId: string;
  title: ReactNode;
  entityName: (entity: T) => string;
  columns: EntityColumn<T>[];
  defaultSort?: SortOrder;
  /** Query key prefix of the entity type; refreshing invalidates everything under it. */
  queryKey: readonly unknown[];
  /** Extra key parts that change the rows (scope, header filters). */
  listKey?: readonly unknown[];
  fetchPage: (pageLink: PageLink, signal: AbortSignal) => Promise<PageData<T>>;
  /** Shown when the list is empty, e.g. "No devices found". */
  noEntitiesText: string;
  /** Header component next to the title (e.g. a type filter). */
  headerFilter?: ReactNode;
  addActions?: AddAction[];
  /** Title of the default Add dialog; with `details`, an "add" action opens it. */
  addDialogTitle?: string;
  rowActions?: RowAction<T>[];
  groupActions?: GroupAction<T>[];
  /** Rows that cannot be selected (e.g. the default profile). */
  isSelectable?: (entity: T) => boolean;
  delete?: DeleteConfig<T>;
  details?: EntityDetailsConfig<T, V>;
  /** Path of the full details page of an entity. */
  detailsPagePath?: (entity: T) => string;
}
