import type { WidgetType, WidgetTypeDescriptor } from '@meridian/common';

/**
 * What a new widget type starts from, per kind (reference: its "Create new widget type" templates):
 * a minimal working widget in ThingsBoard's non-Angular widget API, which the widget editor's
 * preview runs at once. Each is written for this console: jQuery on `self.ctx.$container`, data
 * from `self.ctx.data`, commands through `self.ctx.controlApi`.
 */

const LATEST_HTML = '<div class="latest-values"></div>';
const LATEST_CSS = `.latest-values { height: 100%; display: flex; flex-direction: column; justify-content: center; gap: 4px; padding: 8px; box-sizing: border-box; }
.latest-values .row { display: flex; justify-content: space-between; font-size: 16px; }
.latest-values .value { font-weight: 500; }`;
const LATEST_JS = `self.onInit = function () {
  self.ctx.$list = self.ctx.$container.find('.latest-values');
};

self.onDataUpdated = function () {
  var $list = self.ctx.$list.empty();
  self.ctx.data.forEach(function (entry) {
    var last = entry.data.length ? entry.data[entry.data.length - 1][1] : '';
    var units = entry.dataKey.units || self.ctx.units || '';
    var $row = $('<div class="row"></div>');
    $row.append($('<span class="label"></span>').text(entry.datasource.entityName + ' ' + entry.dataKey.label));
    $row.append($('<span class="value"></span>').text(last + (last !== '' ? ' ' + units : '')));
    $list.append($row);
  });
};

self.onResize = function () {};

self.onDestroy = function () {};

self.typeParameters = function () {
  return { maxDatasources: -1, maxDataKeys: -1, dataKeysOptional: false };
};
`;

const TIMESERIES_HTML = '<div class="series"></div>';
const TIMESERIES_CSS = `.series { height: 100%; overflow: auto; padding: 8px; box-sizing: border-box; font-size: 14px; }
.series .key { font-weight: 500; margin-top: 6px; }`;
const TIMESERIES_JS = `self.onInit = function () {
  self.ctx.$series = self.ctx.$container.find('.series');
};

self.onDataUpdated = function () {
  var $series = self.ctx.$series.empty();
  self.ctx.data.forEach(function (entry) {
    var points = entry.data.slice(-5).reverse();
    $series.append($('<div class="key"></div>').text(entry.datasource.entityName + ' ' + entry.dataKey.label + ' (' + entry.data.length + ')'));
    points.forEach(function (point) {
      $series.append($('<div></div>').text(new Date(point[0]).toLocaleTimeString() + '  ' + point[1]));
    });
  });
};

self.onResize = function () {};

self.onDestroy = function () {};

self.typeParameters = function () {
  return { maxDatasources: -1, maxDataKeys: -1, dataKeysOptional: false };
};
`;

const RPC_HTML = '<div class="rpc"><button class="send">Send</button><div class="reply"></div></div>';
const RPC_CSS = `.rpc { height: 100%; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 8px; }
.rpc .send { font-size: 16px; padding: 6px 16px; }`;
const RPC_JS = `self.onInit = function () {
  var $reply = self.ctx.$container.find('.reply');
  self.ctx.$container.find('.send').on('click', function () {
    $reply.text('...');
    self.ctx.controlApi.sendTwoWayCommand('getValue', null).subscribe(
      function (response) { $reply.text(JSON.stringify(response)); },
      function (error) { $reply.text('Error: ' + error); }
    );
  });
};

self.onDestroy = function () {};

self.typeParameters = function () {
  return { maxDatasources: -1, maxDataKeys: -1, dataKeysOptional: true };
};
`;

const ALARM_HTML = '<div class="alarms"></div>';
const ALARM_CSS = `.alarms { height: 100%; overflow: auto; padding: 8px; box-sizing: border-box; font-size: 14px; }`;
const ALARM_JS = `self.onInit = function () {
  self.ctx.$alarms = self.ctx.$container.find('.alarms');
  self.onDataUpdated();
};

self.onDataUpdated = function () {
  var alarms = self.ctx.alarms || [];
  var $alarms = self.ctx.$alarms.empty();
  $alarms.append($('<div></div>').text(alarms.length + ' alarm(s)'));
  alarms.slice(0, 10).forEach(function (alarm) {
    $alarms.append($('<div></div>').text(alarm.severity + ' ' + alarm.type + ' ' + alarm.status));
  });
};

self.onDestroy = function () {};
`;

const STATIC_HTML = '<div class="static">Static widget</div>';
const STATIC_CSS = `.static { height: 100%; display: flex; align-items: center; justify-content: center; font-size: 18px; }`;
const STATIC_JS = `self.onInit = function () {};

self.onDestroy = function () {};
`;

const CODE: Record<WidgetType, { html: string; css: string; js: string }> = {
  latest: { html: LATEST_HTML, css: LATEST_CSS, js: LATEST_JS },
  timeseries: { html: TIMESERIES_HTML, css: TIMESERIES_CSS, js: TIMESERIES_JS },
  rpc: { html: RPC_HTML, css: RPC_CSS, js: RPC_JS },
  alarm: { html: ALARM_HTML, css: ALARM_CSS, js: ALARM_JS },
  static: { html: STATIC_HTML, css: STATIC_CSS, js: STATIC_JS },
};

/** The settings schema a new type starts with: none, in the reference's `{schema, form}` shape. */
const EMPTY_SCHEMA = JSON.stringify(
  { schema: { type: 'object', title: 'Settings', properties: {} }, form: [] },
  null,
  2,
);

/** A new type's descriptor for its kind. */
export function widgetTemplate(kind: WidgetType): WidgetTypeDescriptor {
  const code = CODE[kind];
  return {
    type: kind,
    sizeX: 7.5,
    sizeY: kind === 'rpc' ? 4 : 5,
    resources: [],
    templateHtml: code.html,
    templateCss: code.css,
    controllerScript: code.js,
    settingsSchema: EMPTY_SCHEMA,
    dataKeySettingsSchema: EMPTY_SCHEMA,
    defaultConfig: JSON.stringify({
      datasources: [],
      timewindow: { realtime: { timewindowMs: 60000 } },
      showTitle: true,
      backgroundColor: '#fff',
      color: 'rgba(0, 0, 0, 0.87)',
      padding: '8px',
      settings: {},
      title: 'New widget',
    }),
  };
}

export const WIDGET_KINDS: readonly WidgetType[] = ['timeseries', 'latest', 'rpc', 'alarm', 'static'];

export const isWidgetKind = (value: string | undefined): value is WidgetType =>
  WIDGET_KINDS.includes(value as WidgetType);
