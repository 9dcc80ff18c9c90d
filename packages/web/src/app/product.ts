/** Product name: the application title, the logo and the footer. */
export const PRODUCT_NAME = 'Meridian';
