import jQuery from 'jquery';
import { describe, expect, it, vi } from 'vitest';
import { frameActionOf } from './frame-actions';
import { type FrameWidget, frameRuntime } from './frame-runtime';
import { type FrameCall, isFromFrame, WIDGET_PROTOCOL, type WidgetBoot } from './protocol';

/** A stand-in for the frame's window: its own document, jQuery, a parent that records posts. */
function fakeFrame() {
  const document = window.document.implementation.createHTMLDocument('frame');
  const listeners: ((event: MessageEvent) => void)[] = [];
  const posted: unknown[] = [];
  const parent = { postMessage: (message: unknown) => posted.push(message) };
  const win = {
    document,
    jQuery,
    parent,
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.push(listener);
    },
  };
  const send = (data: unknown) => {
    for (const listener of listeners) listener({ source: parent, data } as unknown as MessageEvent);
  };
  return { win: win as unknown as Window, document, posted, send };
}

const boot = (widget: Partial<WidgetBoot>): { widget: WidgetBoot } => ({
  widget: {
    templateHtml: '<div class="value"></div>',
    templateCss: '.value { color: red; }',
    controllerScript: '',
    resources: [],
    settings: { prefix: 'T=' },
    units: '°C',
    decimals: 1,
    timeWindow: { realtime: { timewindowMs: 60000 } },
    isEdit: false,
    widgetConfig: { actions: { elementClick: [{ id: 'a1', name: 'Open', icon: 'more' }] } },
    datasources: [
      {
        type: 'entity',
        name: 'Thermostat',
        entityName: 'Thermostat',
        entityId: 'd1',
        entityType: 'DEVICE',
        dataKeys: [{ name: 'temperature', type: 'timeseries', label: 'Temperature' }],
      },
    ],
    data: [{ datasourceIndex: 0, dataKeyIndex: 0, data: [[1, '21.5']] }],
    alarms: [],
    texts: { angularNotSupported: 'Needs Angular', widgetError: 'Widget failed' },
    ...widget,
  },
});

const LATEST_VALUE_WIDGET = `
self.onInit = function () {
  self.ctx.$container.find('.value').text('init');
};
self.onDataUpdated = function () {
  var point = self.ctx.data[0].data[0];
  self.ctx.$container.find('.value').text(self.ctx.settings.prefix + point[1] + self.ctx.units + ' ' + self.ctx.data[0].dataKey.name + '@' + self.ctx.data[0].datasource.entityName);
};
self.onEditModeChanged = function () { self.ctx.$container.find('.value').attr('data-edit', String(self.ctx.isEdit)); };
`;

describe('custom widget frame runtime', () => {
  it("builds ctx from the boot message and runs the widget's hooks with it", async () => {
    const frame = fakeFrame();
    const self: FrameWidget = frameRuntime(boot({ controllerScript: LATEST_VALUE_WIDGET }), frame.win);
    await self.started;
    const value = frame.document.querySelector('.value');
    expect(value?.textContent).toBe('T=21.5°C temperature@Thermostat');
    expect(frame.document.head.querySelector('style')?.textContent).toContain('color: red');
    expect(self.ctx.decimals).toBe(1);
    expect(self.ctx.timeWindow).toEqual({ realtime: { timewindowMs: 60000 } });
    expect(typeof (self.ctx.$container as { find: unknown }).find).toBe('function');

    frame.send({
      protocol: WIDGET_PROTOCOL,
      type: 'data',
      datasources: boot({}).widget.datasources,
      data: [{ datasourceIndex: 0, dataKeyIndex: 0, data: [[2, '22']] }],
      alarms: [],
    });
    expect(value?.textContent).toBe('T=22°C temperature@Thermostat');
    frame.send({ protocol: WIDGET_PROTOCOL, type: 'editMode', isEdit: true });
    expect(value?.getAttribute('data-edit')).toBe('true');
    // Messages of another protocol are not for the runtime.
    frame.send({ protocol: 'other', type: 'editMode', isEdit: false });
    expect(value?.getAttribute('data-edit')).toBe('true');
  });

  it('sends RPC and HTTP calls over the bridge and settles them with the reply', async () => {
    const frame = fakeFrame();
    const self = frameRuntime(boot({}), frame.win);
    await self.started;
    const controlApi = self.ctx.controlApi as {
      sendOneWayCommand: (m: string, p: unknown) => { subscribe: (next: (v: unknown) => void) => void };
      sendTwoWayCommand: (m: string, p: unknown, t: number) => Promise<unknown>;
    };
    const next = vi.fn();
    controlApi.sendOneWayCommand('setState', { on: true }).subscribe(next);
    const answer = controlApi.sendTwoWayCommand('getState', null, 5000);
    expect(frame.posted).toEqual([
      {
        protocol: WIDGET_PROTOCOL,
        type: 'call',
        callId: 1,
        call: { kind: 'rpc', twoWay: false, method: 'setState', params: { on: true }, timeout: 0 },
      },
      {
        protocol: WIDGET_PROTOCOL,
        type: 'call',
        callId: 2,
        call: { kind: 'rpc', twoWay: true, method: 'getState', params: null, timeout: 5000 },
      },
    ]);
    frame.send({ protocol: WIDGET_PROTOCOL, type: 'reply', callId: 1, ok: true, value: null });
    frame.send({
      protocol: WIDGET_PROTOCOL,
      type: 'reply',
      callId: 2,
      ok: false,
      value: 'Device is offline',
    });
    await expect(answer).rejects.toBe('Device is offline');
    expect(next).toHaveBeenCalledWith(null);

    const http = self.ctx.http as { get: (url: string) => Promise<unknown> };
    const devices = http.get('/api/tenant/devices?pageSize=1&page=0');
    expect(frame.posted[2]).toMatchObject({
      call: { kind: 'http', method: 'GET', url: '/api/tenant/devices?pageSize=1&page=0' },
    });
    frame.send({ protocol: WIDGET_PROTOCOL, type: 'reply', callId: 3, ok: true, value: { data: [] } });
    await expect(devices).resolves.toEqual({ data: [] });
  });

  it("offers the widget's configured actions and hands a triggered one to the console", async () => {
    const frame = fakeFrame();
    const self = frameRuntime(boot({}), frame.win);
    await self.started;
    const actionsApi = self.ctx.actionsApi as {
      getActionDescriptors: (source: string) => { id: string; name: string }[];
      handleWidgetAction: (...args: unknown[]) => void;
    };
    const [open] = actionsApi.getActionDescriptors('elementClick');
    expect(open).toMatchObject({ id: 'a1', name: 'Open' });
    expect(actionsApi.getActionDescriptors('rowClick')).toEqual([]);
    actionsApi.handleWidgetAction(null, open, { id: 'd1', entityType: 'DEVICE' }, 'Thermostat', {}, 'Hall');
    expect(frame.posted[0]).toMatchObject({
      call: {
        kind: 'action',
        sourceId: 'elementClick',
        actionId: 'a1',
        entityId: { id: 'd1', entityType: 'DEVICE' },
        entityName: 'Thermostat',
        entityLabel: 'Hall',
      },
    });
  });

  it("runs the configured action of a source the widget's type names itself, from its own code", async () => {
    const frame = fakeFrame();
    // The widget raises its own source: its nodes ask for that source's actions and run the first.
    const script = `
self.onInit = function () {
  var descriptors = self.ctx.actionsApi.getActionDescriptors('nodeSelected');
  self.ctx.$container.find('.value').text(descriptors.map(function (d) { return d.name; }).join(','))
    .on('click', function (event) {
      self.ctx.actionsApi.handleWidgetAction(event, descriptors[0], { id: 'd1', entityType: 'DEVICE' }, 'Pump', { node: 1 }, 'Main pump');
    });
};
self.actionSources = function () { return { nodeSelected: { name: 'On node selected', multiple: false } }; };`;
    const widgetConfig = {
      actions: {
        nodeSelected: [
          {
            id: 'n1',
            name: 'Show pump',
            icon: 'more',
            type: 'updateDashboardState',
            targetDashboardStateId: 'pump',
          },
        ],
        headerButton: [{ id: 'h1', name: 'Other', icon: 'more', type: 'custom', customFunction: '' }],
      },
    };
    await frameRuntime(boot({ controllerScript: script, widgetConfig }), frame.win).started;
    const value = frame.document.querySelector('.value') as HTMLElement;
    expect(value.textContent).toBe('Show pump');
    value.click();
    // What reaches the console passes its checks and names the configured action and the entity.
    const message = frame.posted[0];
    expect(isFromFrame(message)).toBe(true);
    const call = (message as { call: FrameCall }).call as Extract<FrameCall, { kind: 'action' }>;
    const found = frameActionOf(widgetConfig as never, call);
    expect(found?.action).toMatchObject({ id: 'n1', name: 'Show pump', targetDashboardStateId: 'pump' });
    expect(found?.target).toEqual({
      entityId: { id: 'd1', entityType: 'DEVICE' },
      entityName: 'Pump',
      entityLabel: 'Main pump',
    });
    // An action id of another source is not run from this one.
    expect(frameActionOf(widgetConfig as never, { ...call, actionId: 'h1' })).toBeNull();
  });

  it('shows in the frame what the widget threw, at load and on update', async () => {
    const atLoad = fakeFrame();
    await frameRuntime(boot({ controllerScript: 'throw new Error("broken at load")' }), atLoad.win).started;
    expect(atLoad.document.getElementById('widget-error')?.textContent).toContain('broken at load');

    const onUpdate = fakeFrame();
    const script =
      'self.onDataUpdated = function () { if (self.ctx.data[0].data[0][1] === "bad") throw new Error("bad value"); };';
    await frameRuntime(boot({ controllerScript: script }), onUpdate.win).started;
    expect(onUpdate.document.getElementById('widget-error')).toBeNull();
    onUpdate.send({
      protocol: WIDGET_PROTOCOL,
      type: 'data',
      datasources: boot({}).widget.datasources,
      data: [{ datasourceIndex: 0, dataKeyIndex: 0, data: [[2, 'bad']] }],
      alarms: [],
    });
    expect(onUpdate.document.getElementById('widget-error')?.textContent).toContain('Widget failed');
    expect(onUpdate.document.getElementById('widget-error')?.textContent).toContain('bad value');
  });

  it('says so instead of running a widget that needs Angular templates', async () => {
    const frame = fakeFrame();
    const self = frameRuntime(
      boot({
        templateHtml: '<div *ngIf="ready">{{ value }}</div>',
        controllerScript: 'self.onInit = function () { throw new Error("ran"); };',
      }),
      frame.win,
    );
    await self.started;
    expect(frame.document.getElementById('widget-angular')?.textContent).toBe('Needs Angular');
    expect(frame.document.getElementById('widget-error')).toBeNull();
  });
});
