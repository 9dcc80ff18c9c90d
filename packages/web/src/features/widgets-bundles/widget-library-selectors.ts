/**
 * data-testid values of the widgets bundles and widget library pages, shared with the browser
 * tests. They live with the feature, not in the app's selectors, so that the login route's
 * bundle does not carry them.
 */
function pathId(path: string): string {
  return path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export const widgetLibrarySelectors = {
  /** The bundle form and the bundles table's import. */
  bundles: {
    title: 'widgets-bundle-title',
    image: 'widgets-bundle-image',
    description: 'widgets-bundle-description',
    importFile: 'widgets-bundle-import-file',
  },
  /** The widget library page of a bundle; `type` names a widget type's preview card by its alias. */
  library: {
    title: 'widget-library-title',
    grid: 'widget-library-grid',
    add: 'widget-library-add',
    addChoice: (id: string) => `widget-library-add-${id}`,
    importFile: 'widget-library-import-file',
    type: (alias: string) => `widget-library-type-${pathId(alias)}`,
    edit: 'widget-library-type-edit',
    export: 'widget-library-type-export',
    remove: 'widget-library-type-remove',
    selectTypeDialog: 'widget-library-select-type',
    selectType: (kind: string) => `widget-library-select-type-${kind}`,
  },
};
