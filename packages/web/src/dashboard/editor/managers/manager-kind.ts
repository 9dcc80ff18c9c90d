/** The dialogs of the edit toolbar's managers (reference §5.3). */
export type ManagerKind = 'states' | 'layouts' | 'settings';
