import type { FrameCall, FrameData, FrameDatasource, ToFrame, WidgetBoot } from './protocol';

/**
 * ThingsBoard's widget JavaScript API for non-Angular widgets, run inside the sandboxed frame.
 * The console sends this function's source text in the boot message (the frame document holds
 * only a boot loader), so it must stay self-contained: nothing from outside its body, no imports
 * at run time (the types above vanish). The frame calls it once with the boot message and its
 * window, with jQuery already loaded as `window.jQuery`.
 */
export function frameRuntime(boot: { widget: WidgetBoot }, win: Window): FrameWidget {
  const PROTOCOL = 'meridian-widget/1';
  const widget = boot.widget;
  const doc = win.document;
  const $ = (win as unknown as { jQuery: JQueryLike }).jQuery;

  const container = doc.createElement('div');
  container.id = 'widget-container';
  container.style.cssText = 'position:absolute;inset:0;overflow:hidden';
  doc.body.appendChild(container);

  function showError(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    let box = doc.getElementById('widget-error');
    if (!box) {
      box = doc.createElement('div');
      box.id = 'widget-error';
      box.setAttribute('role', 'alert');
      box.style.cssText =
        'position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;' +
        'padding:8px;box-sizing:border-box;background:rgba(255,255,255,0.94);color:#c62828;font-size:13px;text-align:center;overflow:auto;z-index:10';
      doc.body.appendChild(box);
    }
    box.textContent = '';
    const title = doc.createElement('strong');
    title.textContent = widget.texts.widgetError;
    const detail = doc.createElement('pre');
    detail.style.cssText = 'white-space:pre-wrap;margin:4px 0 0;font-family:monospace';
    detail.textContent = message;
    box.append(title, detail);
  }

  // Calls the console carries out (RPC, HTTP, actions), answered by callId.
  let nextCallId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  function call(request: FrameCall): Promise<unknown> {
    const callId = nextCallId++;
    return new Promise((resolve, reject) => {
      pending.set(callId, { resolve, reject });
      win.parent.postMessage({ protocol: PROTOCOL, type: 'call', callId, call: request }, '*');
    });
  }

  /**
   * The reference returns RxJS observables from its control API and HTTP client; widgets call
   * `.subscribe(next, error)` on them, some `.then`. One object offers both.
   */
  function observable(promise: Promise<unknown>) {
    return {
      subscribe(next?: unknown, error?: unknown, complete?: unknown) {
        let handlers = { next, error, complete } as Record<string, unknown>;
        if (next && typeof next === 'object') handlers = next as Record<string, unknown>;
        let closed = false;
        promise.then(
          (value) => {
            if (closed) return;
            if (typeof handlers.next === 'function') handlers.next(value);
            if (typeof handlers.complete === 'function') handlers.complete();
          },
          (reason) => {
            if (!closed && typeof handlers.error === 'function') handlers.error(reason);
          },
        );
        return {
          unsubscribe() {
            closed = true;
          },
        };
      },
      // biome-ignore lint/suspicious/noThenProperty: the reference's widgets await these as promises too
      then(resolve?: (value: unknown) => unknown, reject?: (reason: unknown) => unknown) {
        return promise.then(resolve, reject);
      },
      toPromise() {
        return promise;
      },
    };
  }

  /** `ctx.datasources` and `ctx.data` in the reference's shapes, linked to each other. */
  function linkData(datasources: FrameDatasource[], data: FrameData[]) {
    return data.map((entry) => {
      const datasource = datasources[entry.datasourceIndex];
      return { datasource, dataKey: datasource?.dataKeys[entry.dataKeyIndex], data: entry.data };
    });
  }

  const ctx: Record<string, unknown> = {
    $container: $(container),
    $scope: {},
    settings: widget.settings ?? {},
    units: widget.units,
    decimals: widget.decimals,
    timeWindow: widget.timeWindow,
    isEdit: widget.isEdit,
    isMobile: false,
    widgetConfig: widget.widgetConfig,
    width: container.clientWidth,
    height: container.clientHeight,
    datasources: widget.datasources,
    data: linkData(widget.datasources, widget.data),
    alarms: widget.alarms,
    detectChanges() {
      // Non-Angular widgets draw themselves; there is no template to check.
    },
    updateWidgetParams() {
      // The console's frame owns the widget's title and style; nothing to apply in here.
    },
    controlApi: {
      sendOneWayCommand(method: string, params?: unknown, timeout?: number) {
        return observable(
          call({ kind: 'rpc', twoWay: false, method, params: params ?? null, timeout: timeout ?? 0 }),
        );
      },
      sendTwoWayCommand(method: string, params?: unknown, timeout?: number) {
        return observable(
          call({ kind: 'rpc', twoWay: true, method, params: params ?? null, timeout: timeout ?? 0 }),
        );
      },
    },
    http: {
      get: (url: string) => observable(call({ kind: 'http', method: 'GET', url, body: null })),
      delete: (url: string) => observable(call({ kind: 'http', method: 'DELETE', url, body: null })),
      post: (url: string, body?: unknown) =>
        observable(call({ kind: 'http', method: 'POST', url, body: body ?? null })),
      put: (url: string, body?: unknown) =>
        observable(call({ kind: 'http', method: 'PUT', url, body: body ?? null })),
    },
  };
  const actions = (
    widget.widgetConfig as { actions?: Record<string, { id: string; name: string; icon?: string }[]> }
  )?.actions;
  ctx.actionsApi = {
    getActionDescriptors(sourceId: string) {
      return (actions?.[sourceId] ?? []).map((action) => ({ ...action, actionSourceId: sourceId }));
    },
    handleWidgetAction(
      event: { stopPropagation?: () => void } | null,
      descriptor: { id: string; actionSourceId?: string },
      entityId?: { id: string; entityType: string } | null,
      entityName?: string | null,
      _additionalParams?: unknown,
      entityLabel?: string | null,
    ) {
      event?.stopPropagation?.();
      call({
        kind: 'action',
        sourceId: descriptor.actionSourceId ?? '',
        actionId: descriptor.id,
        entityId: entityId ? { id: entityId.id, entityType: entityId.entityType } : null,
        entityName: entityName ?? null,
        entityLabel: entityLabel ?? null,
      }).catch(showError);
    },
  };
  ctx.defaultSubscription = { datasources: ctx.datasources, data: ctx.data, alarms: ctx.alarms };
  const self: FrameWidget = { ctx };

  // A template with Angular bindings or components needs the reference's Angular compiler.
  const ANGULAR = /\{\{|\*ng[A-Z]|\[\(ngModel\)\]|<(tb|mat|fa)-[a-z]|\s\(\w+\)\s*=|\s\[[\w.]+\]\s*=/;
  if (ANGULAR.test(widget.templateHtml)) {
    const note = doc.createElement('div');
    note.id = 'widget-angular';
    note.setAttribute('role', 'alert');
    note.style.cssText =
      'position:absolute;inset:0;display:flex;align-items:center;justify-content:center;padding:8px;text-align:center;font-size:13px;color:#555';
    note.textContent = widget.texts.angularNotSupported;
    doc.body.appendChild(note);
    return self;
  }

  const style = doc.createElement('style');
  style.textContent = widget.templateCss;
  doc.head.appendChild(style);
  container.innerHTML = widget.templateHtml;

  function loadResource(resource: { url: string; isModule?: boolean }): Promise<void> {
    return new Promise((resolve, reject) => {
      const url = resource.url;
      const isCss = /\.css(\?|#|$)/i.test(url);
      let element: HTMLLinkElement | HTMLScriptElement;
      if (isCss) {
        element = doc.createElement('link');
        element.rel = 'stylesheet';
        element.href = url;
      } else {
        element = doc.createElement('script');
        if (resource.isModule) element.type = 'module';
        element.src = url;
        element.async = false;
      }
      element.onload = () => resolve();
      element.onerror = () => reject(new Error(`Failed to load resource ${url}`));
      doc.head.appendChild(element);
    });
  }

  function run(name: string) {
    const handler = self[name];
    if (typeof handler !== 'function') return;
    try {
      handler.call(self);
    } catch (error) {
      showError(error);
    }
  }

  let initialized = false;
  win.addEventListener('error', (event) => showError(event.error ?? event.message));
  win.addEventListener('unhandledrejection', (event) => showError(event.reason));

  const started = widget.resources
    .filter((resource) => resource.url)
    .reduce((loaded, resource) => loaded.then(() => loadResource(resource)), Promise.resolve())
    .then(() => {
      // As the reference: the controller script is the body of a function of `self`.
      const controller = new Function('self', widget.controllerScript);
      controller(self);
      initialized = true;
      run('onInit');
      if (widget.data.length > 0 || widget.alarms.length > 0) run('onDataUpdated');
      const Observer = (win as unknown as { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
      if (!Observer) return;
      const observer = new Observer(() => {
        if (ctx.width === container.clientWidth && ctx.height === container.clientHeight) return;
        ctx.width = container.clientWidth;
        ctx.height = container.clientHeight;
        run('onResize');
      });
      observer.observe(container);
    })
    .catch(showError);

  win.addEventListener('message', (event) => {
    const message = event.data as ToFrame;
    if (event.source !== win.parent || !message || message.protocol !== PROTOCOL) return;
    if (message.type === 'reply') {
      const waiting = pending.get(message.callId);
      pending.delete(message.callId);
      if (waiting) (message.ok ? waiting.resolve : waiting.reject)(message.value);
    } else if (message.type === 'data') {
      ctx.datasources = message.datasources;
      ctx.data = linkData(message.datasources, message.data);
      ctx.alarms = message.alarms;
      ctx.defaultSubscription = { datasources: ctx.datasources, data: ctx.data, alarms: ctx.alarms };
      if (initialized) run('onDataUpdated');
    } else if (message.type === 'editMode') {
      ctx.isEdit = message.isEdit;
      if (initialized) run('onEditModeChanged');
    } else if (message.type === 'destroy') {
      if (initialized) run('onDestroy');
      initialized = false;
    }
  });
  self.started = started;
  return self;
}

/** The `self` a widget's controller script fills in (onInit, onDataUpdated, typeParameters...). */
export interface FrameWidget {
  ctx: Record<string, unknown>;
  started?: Promise<void>;
  [handler: string]: unknown;
}

/** The few jQuery calls the runtime makes itself; widget code uses the whole library. */
type JQueryLike = (element: Element) => unknown;
