/** Test ids of the control widgets, shared with /e2e. */
export const controlSelectors = {
  /** What went wrong: no target device, a timeout, an error. */
  error: 'control-error',
  /** A neutral line: the device's reply. */
  note: 'control-note',
  button: 'control-rpc-button',
  switch: 'control-switch',
  knob: 'control-knob',
  knobValue: 'control-knob-value',
  led: 'control-led',
};
