/** Test ids of the colour picker dialog, shared with /e2e. */
export const colorPickerTestIds = {
  dialog: 'color-picker-dialog',
  text: 'color-picker-text',
  select: 'color-picker-select',
  cancel: 'color-picker-cancel',
  swatch: (color: string) => `color-picker-swatch-${color.replace('#', '')}`,
};
