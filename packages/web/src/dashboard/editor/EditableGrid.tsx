import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardModel, WidgetPosition } from '../runtime/dashboard-model';
import { desktopPlacements } from '../runtime/grid-layout';
import { WidgetHost } from '../WidgetHost';
import { type LayoutRef, placeWidget } from './config-edit';
import type { DashboardEditing } from './dashboard-edit-context';
import { editorSelectors } from './editor-selectors';
import { type CellBox, cellPitch, fits, movedBox, resizedBox, sameBox } from './grid-edit';
import { WidgetEditChrome } from './WidgetEditChrome';
import { copiedWidget } from './widget-clipboard';

interface Drag {
  widgetId: string;
  mode: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  origin: CellBox;
  box: CellBox;
}

interface ContextMenu {
  x: number;
  y: number;
  /** The widget right-clicked; null for the layout's empty space. */
  widgetId: string | null;
}

const boxOf = (p: { column: number; columnSpan: number; row: number; rowSpan: number }): CellBox => ({
  col: p.column - 1,
  row: p.row - 1,
  sizeX: p.columnSpan,
  sizeY: p.rowSpan,
});

/** The platform's modifier key, as menus show shortcuts. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/**
 * A layout in edit mode: the viewer's grid (same columns, gap and row height), each widget under
 * an edit chrome. Dragging a widget moves it by whole cells, dragging its corner resizes it; a drop
 * onto another widget or outside the columns is refused (the reference grid neither pushes nor
 * swaps widgets). Each drop is one edit, undone as one.
 */
export function EditableGrid({
  layoutRef,
  widgets,
  model,
  columns,
  margin,
  rowHeight,
  editing,
}: {
  layoutRef: LayoutRef;
  widgets: Record<string, WidgetPosition>;
  model: DashboardModel;
  columns: number;
  margin: number;
  rowHeight: number;
  editing: DashboardEditing;
}) {
  const { t } = useTranslation();
  const { editor } = editing;
  const grid = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [menu, setMenu] = useState<ContextMenu | null>(null);
  // The menu keeps its items while it fades out: only `open` changes on close.
  const [menuOpen, setMenuOpen] = useState(false);
  const placements = desktopPlacements(widgets, columns);
  const others = (widgetId: string) => placements.filter((p) => p.widgetId !== widgetId).map(boxOf);

  const begin =
    (mode: Drag['mode'], widgetId: string, origin: CellBox) => (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      editor.select(widgetId);
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDrag({
        widgetId,
        mode,
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        origin,
        box: origin,
      });
    };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const width = grid.current?.clientWidth ?? 0;
    if (width <= 0) return;
    const pitch = cellPitch(width, columns, margin, rowHeight);
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    const box =
      drag.mode === 'move'
        ? movedBox(drag.origin, dx, dy, pitch, columns)
        : resizedBox(drag.origin, dx, dy, pitch, columns);
    if (!sameBox(box, drag.box)) setDrag({ ...drag, box });
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    const { widgetId, box, origin } = drag;
    if (event.type === 'pointerup' && !sameBox(box, origin) && fits(box, others(widgetId), columns)) {
      editor.edit((configuration) => placeWidget(configuration, layoutRef, widgetId, box));
    }
  };

  const openMenu = (widgetId: string | null) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (widgetId) editor.select(widgetId);
    setMenu({ x: event.clientX, y: event.clientY, widgetId });
    setMenuOpen(true);
  };
  const closeMenu = () => setMenuOpen(false);
  const menuWidget = menu?.widgetId ?? null;

  return (
    <>
      <Box
        ref={grid}
        onContextMenu={openMenu(null)}
        onPointerDown={(event) => {
          if (event.target === event.currentTarget) editor.select(null);
        }}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoRows: `${rowHeight}px`,
          gap: `${margin}px`,
          // The whole layout, and a row below the widgets: room to drag to and to right-click for Paste.
          flex: '1 0 auto',
          alignContent: 'start',
          pb: `${rowHeight}px`,
          userSelect: drag ? 'none' : undefined,
        }}
      >
        {placements.map((p) => {
          const widget = model.widgets[p.widgetId];
          if (!widget) return null;
          const origin = boxOf(p);
          const dragged = drag?.widgetId === p.widgetId ? drag : null;
          const box = dragged?.box ?? origin;
          const invalid = dragged !== null && !fits(box, others(p.widgetId), columns);
          return (
            <Box
              key={p.widgetId}
              sx={{
                gridColumn: `${box.col + 1} / span ${box.sizeX}`,
                gridRow: `${box.row + 1} / span ${box.sizeY}`,
                minWidth: 0,
                position: 'relative',
                zIndex: dragged ? 3 : undefined,
                opacity: dragged ? 0.85 : 1,
              }}
            >
              <WidgetHost widget={widget} />
              <WidgetEditChrome
                widgetId={p.widgetId}
                selected={editor.selectedWidgetId === p.widgetId}
                invalid={invalid}
                onMoveStart={begin('move', p.widgetId, origin)}
                onResizeStart={begin('resize', p.widgetId, origin)}
                onEdit={() => editing.editWidget(p.widgetId)}
                onCopy={() => editing.copyWidget(layoutRef, p.widgetId)}
                onDelete={() => editing.deleteWidget(layoutRef, p.widgetId)}
                onContextMenu={openMenu(p.widgetId)}
              />
            </Box>
          );
        })}
      </Box>
      <Menu
        open={menuOpen && menu !== null}
        onClose={closeMenu}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
        data-testid={editorSelectors.widgetMenu}
      >
        {menuWidget && (
          <MenuItem
            data-testid={editorSelectors.menuEdit}
            onClick={() => {
              closeMenu();
              editing.editWidget(menuWidget);
            }}
          >
            <ListItemText>{t('dashboard-editor.edit-widget')}</ListItemText>
          </MenuItem>
        )}
        {menuWidget && (
          <MenuItem
            data-testid={editorSelectors.menuCopy}
            onClick={() => {
              closeMenu();
              editing.copyWidget(layoutRef, menuWidget);
            }}
          >
            <ListItemText>{t('dashboard-editor.copy-widget')}</ListItemText>
            <Shortcut text={`${MOD}C`} />
          </MenuItem>
        )}
        {menuWidget && (
          <MenuItem
            data-testid={editorSelectors.menuCopyReference}
            onClick={() => {
              closeMenu();
              editing.copyReference(layoutRef, menuWidget);
            }}
          >
            <ListItemText>{t('dashboard-managers.copy-reference')}</ListItemText>
            <Shortcut text={`${MOD}R`} />
          </MenuItem>
        )}
        {!menuWidget && (
          <MenuItem
            data-testid={editorSelectors.menuSettings}
            onClick={() => {
              closeMenu();
              editing.openManager('settings');
            }}
          >
            <ListItemText>{t('dashboard-managers.settings')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          data-testid={editorSelectors.menuPaste}
          disabled={copiedWidget() === null}
          onClick={() => {
            closeMenu();
            editing.pasteWidget(layoutRef);
          }}
        >
          <ListItemText>{t('dashboard-editor.paste-widget')}</ListItemText>
          <Shortcut text={`${MOD}V`} />
        </MenuItem>
        {!menuWidget && (
          <MenuItem
            data-testid={editorSelectors.menuPasteReference}
            disabled={!editing.hasReference()}
            onClick={() => {
              closeMenu();
              editing.pasteReference(layoutRef);
            }}
          >
            <ListItemText>{t('dashboard-managers.paste-reference')}</ListItemText>
            <Shortcut text={`${MOD}I`} />
          </MenuItem>
        )}
        {menuWidget && (
          <MenuItem
            data-testid={editorSelectors.menuDelete}
            onClick={() => {
              closeMenu();
              editing.deleteWidget(layoutRef, menuWidget);
            }}
          >
            <ListItemText>{t('dashboard-editor.delete-widget')}</ListItemText>
            <Shortcut text="Del" />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function Shortcut({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ ml: 3 }}>
      {text}
    </Typography>
  );
}
