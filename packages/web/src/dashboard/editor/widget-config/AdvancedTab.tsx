import {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  LEGEND_DIRECTIONS,
  LEGEND_POSITIONS,
} from '@meridian/common';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { ColorInput } from '../../../components/color-input/ColorInput';
import { JsonField } from '../../../components/json-form/JsonSchemaForm';
import { MaterialIconInput } from '../../../components/material-icon/MaterialIconInput';
import { scopeWidgetCss } from '../../widget-css';
import type { ConfigTabProps } from './DataTab';
import { FieldRow } from './FieldRow';
import { widgetConfigSelectors as S } from './widget-config-selectors';

/** The widget types whose charts draw a legend from `showLegend` and `legendConfig`. */
const LEGEND_TYPES = new Set([
  'charts.basic_timeseries',
  'charts.timeseries_bars_flot',
  'charts.state_chart',
]);

export function hasLegend(bundleAlias: string, typeAlias: string): boolean {
  return LEGEND_TYPES.has(`${bundleAlias}.${typeAlias}`);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberText = (value: unknown): string => (typeof value === 'number' ? String(value) : '');

/**
 * The Advanced tab (reference §5.4 "Advanced"): the widget's title, frame, style and CSS as the
 * viewer draws them (WidgetFrame), the legend of the chart types that have one, and the place,
 * height and hiding on phones.
 */
export function AdvancedTab({
  config,
  onChange,
  legend,
  onJsonValidity,
}: ConfigTabProps & { legend: boolean; onJsonValidity: (key: string, invalid: boolean) => void }) {
  const { t } = useTranslation();
  const set = (change: Record<string, JsonValue | undefined>) => {
    const next: Record<string, unknown> = { ...config };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    onChange(next as JsonObject);
  };
  const check = (key: string, label: string, checked: boolean) => (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => set({ [key]: event.target.checked })}
          slotProps={{ input: { 'data-testid': S.advanced(key) } as object }}
        />
      }
    />
  );
  const field = (key: string, label: string, extra: { type?: string; value?: string } = {}) => (
    <TextField
      label={label}
      value={extra.value ?? text(config[key])}
      type={extra.type}
      onChange={(event) => {
        const value = event.target.value;
        if (extra.type === 'number') {
          const number = Number.parseFloat(value);
          set({ [key]: Number.isFinite(number) ? number : undefined });
        } else {
          set({ [key]: value });
        }
      }}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': S.advanced(key) } }}
    />
  );
  const color = (key: string, label: string) => (
    <ColorInput
      label={label}
      value={text(config[key])}
      onChange={(value) => set({ [key]: value || undefined })}
      testId={S.advanced(key)}
    />
  );
  const json = (key: string, label: string) => (
    <JsonField
      label={label}
      value={config[key] as JsonValue | undefined}
      onChange={(value) => set({ [key]: value })}
      testId={S.advanced(key)}
      setError={onJsonValidity}
      errorKey={key}
    />
  );
  const legendConfig = isJsonObject(config.legendConfig) ? config.legendConfig : {};
  const setLegend = (change: JsonObject) =>
    set({
      legendConfig: {
        direction: 'column',
        position: 'bottom',
        sortDataKeys: false,
        showMin: false,
        showMax: false,
        showAvg: false,
        showTotal: false,
        ...legendConfig,
        ...change,
      },
    });

  const legendSelect = (
    key: 'direction' | 'position',
    label: string,
    options: readonly string[],
    fallback: string,
  ) => {
    const current = legendConfig[key];
    return (
      <TextField
        select
        label={label}
        value={options.find((option) => option === current) ?? fallback}
        onChange={(event) => setLegend({ [key]: event.target.value })}
        size="small"
        margin="dense"
        fullWidth
        slotProps={{
          select: { SelectDisplayProps: { 'data-testid': S.advanced(`legend-${key}`) } as object },
        }}
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`widget-config.legend-${option}`)}
          </MenuItem>
        ))}
      </TextField>
    );
  };
  const cssInvalid = scopeWidgetCss(text(config.widgetCss), '.w') === null;
  // Broken CSS blocks Apply from the start, an imported widget's included, not only once edited.
  useEffect(() => onJsonValidity('widgetCss', cssInvalid), [cssInvalid, onJsonValidity]);

  return (
    <Stack spacing={0.5}>
      <Section title={t('widget-config.title-section')}>
        {field('title', t('widget-config.title'))}
        {check('showTitle', t('widget-config.show-title'), config.showTitle !== false)}
        {field('titleTooltip', t('widget-config.title-tooltip'))}
        {check('showTitleIcon', t('widget-config.show-title-icon'), config.showTitleIcon === true)}
        {config.showTitleIcon === true && (
          <FieldRow center>
            <MaterialIconInput
              label={t('widget-config.title-icon')}
              value={text(config.titleIcon)}
              onChange={(icon) => set({ titleIcon: icon })}
              testId={S.advanced('titleIcon')}
            />
            {color('iconColor', t('widget-config.icon-color'))}
            {field('iconSize', t('widget-config.icon-size'))}
          </FieldRow>
        )}
        {json('titleStyle', t('widget-config.title-style'))}
      </Section>
      <Section title={t('widget-config.style-section')}>
        <FieldRow>
          {color('backgroundColor', t('widget-config.background-color'))}
          {color('color', t('widget-config.text-color'))}
        </FieldRow>
        <FieldRow>
          {field('padding', t('widget-config.padding'))}
          {field('margin', t('widget-config.margin'))}
        </FieldRow>
        {check('dropShadow', t('widget-config.drop-shadow'), config.dropShadow !== false)}
        {check('enableFullscreen', t('widget-config.enable-fullscreen'), config.enableFullscreen !== false)}
        {json('widgetStyle', t('widget-config.widget-style'))}
        <CodeEditor
          label={t('widget-config.widget-css')}
          language="css"
          value={text(config.widgetCss)}
          onChange={(css) => set({ widgetCss: css })}
          error={cssInvalid ? t('widget-config.widget-css-invalid') : undefined}
          minRows={3}
          testId={S.advanced('widgetCss')}
        />
      </Section>
      {legend && (
        <Section title={t('widget-config.legend-section')}>
          {check('showLegend', t('widget-config.show-legend'), config.showLegend !== false)}
          {config.showLegend !== false && (
            <>
              <FieldRow>
                {legendSelect('direction', t('widget-config.legend-direction'), LEGEND_DIRECTIONS, 'column')}
                {legendSelect('position', t('widget-config.legend-position'), LEGEND_POSITIONS, 'bottom')}
              </FieldRow>
              <Box>
                <FormControlLabel
                  label={t('widget-config.legend-sort')}
                  control={
                    <Checkbox
                      checked={legendConfig.sortDataKeys === true}
                      onChange={(event) => setLegend({ sortDataKeys: event.target.checked })}
                      slotProps={{ input: { 'data-testid': S.advanced('legend-sortDataKeys') } as object }}
                    />
                  }
                />
              </Box>
              <Box>
                {(['showMin', 'showMax', 'showAvg', 'showTotal'] as const).map((key) => (
                  <FormControlLabel
                    key={key}
                    label={t(`widget-config.legend-${key}`)}
                    control={
                      <Checkbox
                        checked={legendConfig[key] === true}
                        onChange={(event) => setLegend({ [key]: event.target.checked })}
                        slotProps={{ input: { 'data-testid': S.advanced(`legend-${key}`) } as object }}
                      />
                    }
                  />
                ))}
              </Box>
            </>
          )}
        </Section>
      )}
      <Section title={t('widget-config.mobile-section')}>
        <FieldRow>
          {field('mobileOrder', t('widget-config.mobile-order'), {
            type: 'number',
            value: numberText(config.mobileOrder),
          })}
          {field('mobileHeight', t('widget-config.mobile-height'), {
            type: 'number',
            value: numberText(config.mobileHeight),
          })}
        </FieldRow>
        {check('mobileHide', t('widget-config.mobile-hide'), config.mobileHide === true)}
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ pb: 1 }}>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
