/**
 * jQuery runs inside the custom widget frame only, sent as text (`jquery/dist/jquery.min.js?raw`);
 * the unit tests import it to stand in for the frame's. This is the little they call of it.
 */
declare module 'jquery' {
  const jQuery: (element: Element) => unknown;
  // biome-ignore lint/style/noDefaultExport: the shape of the jquery module
  export default jQuery;
}
