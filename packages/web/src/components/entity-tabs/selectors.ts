/**
 * data-testid values of the entity detail tabs and the audit logs page, shared with `/e2e`. Their
 * tables are entity tables: rows, toolbar and dialogs use `selectors.entityTable` under the roots
 * `attributes`, `telemetry`, `relations`, `audit-logs` and `alarms`.
 */
export const entityTabsSelectors = {
  attributes: {
    scope: 'attributes-scope',
    value: 'attribute-value',
    addDialog: 'add-attribute-dialog',
    key: 'add-attribute-key',
    addSubmit: 'add-attribute-submit',
    addCancel: 'add-attribute-cancel',
    editPanel: 'edit-attribute-value',
    editSubmit: 'edit-attribute-value-submit',
    editCancel: 'edit-attribute-value-cancel',
  },
  valueInput: {
    type: 'value-type',
    string: 'value-string',
    integer: 'value-integer',
    double: 'value-double',
    boolean: 'value-boolean',
    json: 'value-json',
  },
  relations: {
    direction: 'relation-direction',
    dialog: 'relation-dialog',
    type: 'relation-type',
    entityType: 'relation-entity-type',
    entity: 'relation-entity',
    additionalInfo: 'relation-additional-info',
    submit: 'relation-submit',
    cancel: 'relation-cancel',
  },
  auditLogs: {
    timewindow: 'audit-timewindow',
    timewindowPanel: 'audit-timewindow-panel',
    timewindowLast: 'audit-timewindow-last',
    timewindowFixed: 'audit-timewindow-fixed',
    timewindowInterval: 'audit-timewindow-interval',
    timewindowStart: 'audit-timewindow-start',
    timewindowEnd: 'audit-timewindow-end',
    timewindowUpdate: 'audit-timewindow-update',
    timewindowCancel: 'audit-timewindow-cancel',
    detailsDialog: 'audit-log-details',
    /** The entry's summary in its details: one value per field name (timestamp, user, type…). */
    summary: (field: string) => `audit-log-summary-${field}`,
    actionData: 'audit-log-action-data',
    failureDetails: 'audit-log-failure-details',
    detailsClose: 'audit-log-details-close',
  },
  alarms: {
    statusFilter: 'alarm-status-filter',
    timewindow: 'alarm-timewindow',
    timewindowPanel: 'alarm-timewindow-panel',
    timewindowLast: 'alarm-timewindow-last',
    timewindowFixed: 'alarm-timewindow-fixed',
    timewindowInterval: 'alarm-timewindow-interval',
    timewindowStart: 'alarm-timewindow-start',
    timewindowEnd: 'alarm-timewindow-end',
    timewindowUpdate: 'alarm-timewindow-update',
    timewindowCancel: 'alarm-timewindow-cancel',
    /** A severity cell of the table, and the severity in the details dialog. */
    severity: 'alarm-severity',
    detailsDialog: 'alarm-details',
    /** A field of the details dialog by name: detailsField('type') === 'alarm-details-type'. */
    detailsField: (name: string) => `alarm-details-${name}`,
    ack: 'alarm-details-ack',
    clear: 'alarm-details-clear',
    detailsClose: 'alarm-details-close',
  },
} as const;
