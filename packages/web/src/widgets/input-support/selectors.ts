/** Test ids of the input widgets (single value and multiple attributes), shared with /e2e. */
export const inputSelectors = {
  /** The single-value widget's field (its `<input>`, or the checkbox of a boolean). */
  field: 'input-widget-field',
  /** The location widgets' two fields, and the date widgets' date and time. */
  latitude: 'input-widget-latitude',
  longitude: 'input-widget-longitude',
  date: 'input-widget-date',
  time: 'input-widget-time',
  apply: 'input-widget-apply',
  discard: 'input-widget-discard',
  /** Why the widget cannot write: no key, or a shared attribute of an entity that is not a device. */
  problem: 'input-widget-problem',
  /** "Update successful", or the server's error. */
  result: 'input-widget-result',
  /** One entity's group of the multiple attributes form. */
  group: 'multiple-input-group',
  groupTitle: 'multiple-input-group-title',
  /** A field of the multiple attributes form; `data-key` names its data key. */
  multipleField: 'multiple-input-field',
  save: 'multiple-input-save',
  undo: 'multiple-input-undo',
};
