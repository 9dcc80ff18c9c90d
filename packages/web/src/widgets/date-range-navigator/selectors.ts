/** Test ids of the date-range navigator, shared with /e2e. */
export const dateRangeNavigatorSelectors = {
  root: 'date-range-navigator',
  picker: 'date-range-picker',
  interval: 'date-range-interval',
  intervalOption: (id: string) => `date-range-interval-${id}`,
  stepSize: 'date-range-step-size',
  stepOption: (id: string) => `date-range-step-${id}`,
  back: 'date-range-back',
  forward: 'date-range-forward',
  panel: 'date-range-panel',
  template: 'date-range-template',
  previousMonth: 'date-range-previous-month',
  nextMonth: 'date-range-next-month',
  month: 'date-range-month',
  /** A day button by its local date, `YYYY-MM-DD`. */
  day: (isoDate: string) => `date-range-day-${isoDate}`,
  apply: 'date-range-apply',
};
