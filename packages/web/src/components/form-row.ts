/** `sx` of a row of form fields: side by side on wide screens, stacked on narrow ones. */
export const formRow = { display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } } as const;
