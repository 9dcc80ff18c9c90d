/** Test ids of the HTML and markdown cards, shared with /e2e. */
export const cardHtmlSelectors = {
  /** The shadow host of a card. */
  root: 'card-html',
  /** The card's content, inside the shadow root. */
  body: 'card-html-body',
};
