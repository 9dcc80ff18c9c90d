import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useRef, useState } from 'react';
import type { LayoutRef } from './editor/config-edit';
import { useDashboardEditing } from './editor/dashboard-edit-context';
import { EditableGrid } from './editor/EditableGrid';
import type { DashboardLayout, DashboardModel } from './runtime/dashboard-model';
import {
  desktopPlacements,
  desktopRowHeight,
  MOBILE_MAX_WIDTH_PX,
  mobileStack,
  rowCount,
} from './runtime/grid-layout';
import { dashboardSelectors } from './selectors';
import { WidgetHost } from './WidgetHost';

/**
 * A layout of a state: a CSS grid of the layout's columns on wide screens; under 600 px one column
 * of widgets in mobile order at their mobile heights. In edit mode the wide grid is the editor's.
 */
export function DashboardLayoutView({
  layout,
  model,
  layoutRef,
}: {
  layout: DashboardLayout;
  model: DashboardModel;
  /** Which layout this is, for the editor. */
  layoutRef: LayoutRef;
}) {
  const phone = useMediaQuery(`(max-width:${MOBILE_MAX_WIDTH_PX}px)`);
  const editing = useDashboardEditing();
  const grid = layout.gridSettings;
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const known = Object.fromEntries(Object.entries(layout.widgets).filter(([id]) => model.widgets[id]));
  const frame = {
    flex: 1,
    minHeight: 0,
    overflow: 'auto',
    bgcolor: grid.backgroundColor ?? 'background.default',
    ...(grid.backgroundImageUrl
      ? {
          backgroundImage: `url(${JSON.stringify(grid.backgroundImageUrl)})`,
          backgroundSize: grid.backgroundSizeMode,
          backgroundRepeat: 'no-repeat',
          backgroundPosition: '50% 0',
        }
      : {}),
    p: `${grid.margin}px`,
    boxSizing: 'border-box',
  } as const;

  if (phone) {
    return (
      <Box ref={box} data-testid={dashboardSelectors.layout} sx={frame}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: `${grid.margin}px` }}>
          {mobileStack(known, grid).map(({ widgetId, heightPx }) => {
            const widget = model.widgets[widgetId];
            return widget ? (
              <Box key={widgetId} sx={{ height: heightPx, flexShrink: 0 }}>
                <WidgetHost widget={widget} />
              </Box>
            ) : null;
          })}
        </Box>
      </Box>
    );
  }

  const placements = desktopPlacements(known, grid.columns);
  const rows = rowCount(placements);
  const rowHeight = desktopRowHeight(grid, rows, height);
  if (editing) {
    return (
      <Box
        ref={box}
        data-testid={dashboardSelectors.layout}
        sx={{ ...frame, display: 'flex', flexDirection: 'column' }}
      >
        <EditableGrid
          layoutRef={layoutRef}
          widgets={known}
          model={model}
          columns={grid.columns}
          margin={grid.margin}
          rowHeight={rowHeight}
          editing={editing}
        />
      </Box>
    );
  }
  return (
    <Box ref={box} data-testid={dashboardSelectors.layout} sx={frame}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
          gridAutoRows: `${rowHeight}px`,
          gap: `${grid.margin}px`,
        }}
      >
        {placements.map((p) => {
          const widget = model.widgets[p.widgetId];
          return widget ? (
            <Box
              key={p.widgetId}
              sx={{
                gridColumn: `${p.column} / span ${p.columnSpan}`,
                gridRow: `${p.row} / span ${p.rowSpan}`,
                minWidth: 0,
              }}
            >
              <WidgetHost widget={widget} />
            </Box>
          ) : null;
        })}
      </Box>
    </Box>
  );
}
