/** Test ids of the HTML and markdown cards, shared with /e2e. */
export const cardHtmlSelectors = {
  /** The shadow host of a card; its content is inside the open shadow root. */
  root: 'card-html',
};
