import { restoreTimewindow, type Timewindow } from '@meridian/common';
import AccessTime from '@mui/icons-material/AccessTime';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Popover, { type PopoverOrigin } from '@mui/material/Popover';
import type { TabsActions } from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimewindowPanel, timewindowTestIds } from './TimewindowPanel';
import type { FullTimewindow } from './timewindow-model';
import { useTimewindowText } from './useTimewindowText';

/** Panel sizes of spec 3 §2.3. */
export const PANEL_MIN_WIDTH = 417;
export const PANEL_MAX_HEIGHT = 550;
/** The panel's width: room for a label column and the fields of the fixed period. */
export const PANEL_WIDTH = 450;
/** Below this much room under the button the panel opens upward. */
export const PANEL_ROOM_BELOW = 375;
/** Narrower screens show the panel full screen. */
export const PANEL_FULL_SCREEN_BELOW = 600;

/**
 * Where the panel sits next to its button (spec 3 §2.3): below it, or above when less than 375 px
 * remain below; starting at its left edge, or ending at its right edge when less than 417 px remain
 * to the right.
 */
export function panelPlacement(
  anchor: { top: number; bottom: number; left: number; right: number },
  viewport: { width: number; height: number },
): { anchorOrigin: PopoverOrigin; transformOrigin: PopoverOrigin } {
  const up = viewport.height - anchor.bottom < PANEL_ROOM_BELOW;
  const end = viewport.width - anchor.left < PANEL_MIN_WIDTH;
  const horizontal = end ? 'right' : 'left';
  return {
    anchorOrigin: { vertical: up ? 'top' : 'bottom', horizontal },
    transformOrigin: { vertical: up ? 'bottom' : 'top', horizontal },
  };
}

export interface TimewindowButtonProps {
  /** The saved (possibly partial) timewindow. */
  value: Timewindow | undefined;
  onChange: (value: Timewindow) => void;
  historyOnly?: boolean;
  /** Offer aggregation and time zone (dashboards, widgets); tables leave them out. */
  aggregation?: boolean;
  timezone?: boolean;
  maxDatapointsLimit?: number;
  /** Prefix of the button's and panel's test ids. */
  testIdPrefix?: string;
  size?: 'small' | 'medium';
  /** A plain text button (toolbars, widget headers) instead of an outlined one. */
  variant?: 'text' | 'outlined';
  /** Current time; Date.now by default. */
  now?: () => number;
}

/**
 * A button showing a timewindow as the reference writes it ("Realtime - last 1 minute"), opening
 * the time-window panel: near the button at 600 px and wider, full screen below (spec 3 §2.3).
 * Cancel, Escape or a click on the backdrop close it without change.
 */
export function TimewindowButton({
  value,
  onChange,
  historyOnly = false,
  aggregation = true,
  timezone = true,
  maxDatapointsLimit,
  testIdPrefix = 'timewindow',
  size = 'small',
  variant = 'outlined',
  now = Date.now,
}: TimewindowButtonProps) {
  const { t } = useTranslation();
  const text = useTimewindowText();
  const fullScreen = useMediaQuery(`(max-width:${PANEL_FULL_SCREEN_BELOW - 0.05}px)`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tabsAction = useRef<TabsActions>(null);
  const [placement, setPlacement] = useState(() =>
    panelPlacement({ top: 0, bottom: 0, left: 0, right: 0 }, { width: 1e6, height: 1e6 }),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is read when the value changes
  const full = useMemo(
    () => restoreTimewindow(value ?? {}, now(), maxDatapointsLimit),
    [value, maxDatapointsLimit],
  );
  const S = timewindowTestIds(testIdPrefix);
  const label = text.timewindow(full);

  const open = (element: HTMLElement) => {
    setPlacement(
      panelPlacement(element.getBoundingClientRect(), {
        width: window.innerWidth,
        height: window.innerHeight,
      }),
    );
    setAnchor(element);
  };
  const close = () => setAnchor(null);
  const update = (next: FullTimewindow) => {
    setAnchor(null);
    onChange(next);
  };
  const panel = anchor && (
    <TimewindowPanel
      value={full}
      onUpdate={update}
      onCancel={close}
      historyOnly={historyOnly}
      aggregation={aggregation}
      timezone={timezone}
      maxDatapointsLimit={maxDatapointsLimit}
      testIdPrefix={testIdPrefix}
      now={now}
      tabsAction={tabsAction}
    />
  );

  return (
    <>
      <Button
        size={size}
        variant={variant}
        color="inherit"
        startIcon={<AccessTime />}
        onClick={(event) => open(event.currentTarget)}
        aria-label={`${t('audit.timewindow')}: ${label}`}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          maxWidth: '100%',
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
        data-testid={S.button}
      >
        <span className="label">{label}</span>
      </Button>
      {fullScreen ? (
        <Dialog
          open={anchor !== null}
          onClose={close}
          fullScreen
          slotProps={{ paper: { 'data-testid': S.panel } as object }}
        >
          {panel}
        </Dialog>
      ) : (
        <Popover
          open={anchor !== null}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={placement.anchorOrigin}
          transformOrigin={placement.transformOrigin}
          slotProps={{
            // The tab indicator was measured while the panel grew in: measure it again at full size.
            transition: { onEntered: () => tabsAction.current?.updateIndicator() },
            paper: {
              // One width for both tabs, so the panel does not grow past its place when the tab changes.
              sx: {
                minWidth: PANEL_MIN_WIDTH,
                width: PANEL_WIDTH,
                maxWidth: 'calc(100vw - 32px)',
                maxHeight: PANEL_MAX_HEIGHT,
                display: 'flex',
                flexDirection: 'column',
                // The sections scroll inside; tabs and buttons stay in view.
                overflow: 'hidden',
              },
              'data-testid': S.panel,
            } as object,
          }}
        >
          {panel}
        </Popover>
      )}
    </>
  );
}
