/** Test ids of the navigation widgets, shared with /e2e. */
export const navigationSelectors = {
  root: 'navigation-cards',
  section: 'navigation-cards-section',
  sectionTitle: 'navigation-cards-section-title',
  card: (path: string) => `navigation-card-${path}`,
  anyCard: 'navigation-card',
};
