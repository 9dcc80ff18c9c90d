/** Test ids of the entity admin tables (device and asset), shared with /e2e. */
export const entityAdminSelectors = {
  addButton: 'entity-admin-add',
  editButton: 'entity-admin-edit',
  deleteButton: 'entity-admin-delete',
  dialog: 'entity-admin-dialog',
  dialogLoading: 'entity-admin-dialog-loading',
  dialogError: 'entity-admin-dialog-error',
  cancel: 'entity-admin-cancel',
  submit: 'entity-admin-submit',
  name: 'entity-admin-name',
  label: 'entity-admin-label',
  deviceProfile: 'entity-admin-device-profile',
  assetType: 'entity-admin-asset-type',
  assetTypeFilter: 'entity-admin-asset-type-filter',
};
