/**
 * The widget library's pages, as one lazily loaded module: the table and a bundle's library share
 * most of their code, and one entry keeps the router's table of chunks (in the login route) small.
 */
export { WidgetLibraryPage } from './WidgetLibraryPage';
export { WidgetsBundlesPage } from './WidgetsBundlesPage';
