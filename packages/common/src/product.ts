/** Version of the reference product Meridian is compatible with (spec 2 intro, spec 1 §9). */
export const PRODUCT_VERSION = '3.3.4';
