import type { FastifyInstance } from 'fastify';

/**
 * The document custom widgets run in (issue 12). The console shows it in an iframe with
 * `sandbox="allow-scripts"` and no `allow-same-origin`: its origin is opaque, so the tenant's
 * widget code in it cannot read the console's storage, cookies, token or page. The page holds only
 * a boot loader: it waits for the one boot message of its parent (the widget runtime, jQuery and
 * the widget), then runs it; everything else crosses the message bridge.
 */
export const WIDGET_FRAME_PATH = '/widget-frame';

/** The protocol name every bridge message carries (packages/web/src/dashboard/custom-widget/protocol.ts). */
const PROTOCOL = 'meridian-widget/1';

const BOOT_LOADER = `(function () {
  var booted = false;
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (booted || event.source !== window.parent || !message || message.protocol !== '${PROTOCOL}' || message.type !== 'boot') return;
    booted = true;
    (0, eval)(message.jquery);
    (0, eval)('(' + message.runtime + ')')(message, window);
  });
  window.parent.postMessage({ protocol: '${PROTOCOL}', type: 'ready' }, '*');
})();`;

const DOCUMENT = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<style>html,body{margin:0;height:100%;overflow:hidden;font-family:Roboto,Helvetica,Arial,sans-serif}</style>
</head>
<body>
<script>${BOOT_LOADER}</script>
</body>
</html>
`;

/**
 * The frame's own Content-Security-Policy, not the console's: widget code is compiled from text
 * ('unsafe-eval'), the boot loader is inline, and widget resources (scripts, styles, fonts,
 * images) come from wherever the widget type names them. The sandbox (the frame's attribute and
 * this policy's `sandbox` directive) is what keeps the code away from the console.
 */
export const WIDGET_FRAME_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval' http: https: data: blob:",
  "style-src 'unsafe-inline' http: https: data:",
  'img-src http: https: data: blob:',
  'font-src http: https: data:',
  'connect-src http: https:',
  "frame-ancestors 'self'",
  // The document sandboxes itself too: opened any other way than in the console's sandboxed
  // frame (a direct link, a new window), its origin is still opaque, never the console's.
  'sandbox allow-scripts',
].join('; ');

export const isWidgetFrame = (url: string) =>
  url === WIDGET_FRAME_PATH || url.startsWith(`${WIDGET_FRAME_PATH}?`);

export function registerWidgetFrame(app: FastifyInstance): void {
  app.get(WIDGET_FRAME_PATH, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCUMENT),
  );
}
