import type { DataKey, JsonObject } from '@meridian/common';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorInput } from '../../../components/color-input/ColorInput';
import { JsonSchemaForm } from '../../../components/json-form/JsonSchemaForm';
import { parseSettingsSchema } from '../../../components/json-form/json-form-model';
import { ScriptEditor } from '../../../features/rule-chains/editor/ScriptEditor';
import { FUNC_ARGS, POST_FUNC_ARGS } from './data-keys';
import { FieldRow } from './FieldRow';
import { widgetConfigSelectors as S } from './widget-config-selectors';

/**
 * The data key dialog (reference §5.4): label, colour, units, decimals, the key settings of the
 * widget type's data key settings schema, and the generator function of a function key or the
 * post-processing function of any other.
 */
export function DataKeyDialog({
  dataKey,
  settingsSchema,
  onSave,
  onClose,
}: {
  dataKey: DataKey;
  settingsSchema: string | undefined;
  onSave: (key: DataKey) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DataKey>(dataKey);
  const [settingsValid, setSettingsValid] = useState(true);
  const form = useMemo(() => parseSettingsSchema(settingsSchema), [settingsSchema]);
  const isFunction = dataKey.type === 'function';
  const usePost = Boolean(draft.usePostProcessing ?? draft.postFuncBody);
  const set = (change: Partial<DataKey>) => setDraft((current) => ({ ...current, ...change }));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid={S.keyDialog}>
      <DialogTitle>{t('widget-config.data-key-title', { name: dataKey.name })}</DialogTitle>
      <DialogContent dividers>
        <FieldRow>
          <TextField
            label={t('widget-config.key-label')}
            value={draft.label}
            onChange={(event) => set({ label: event.target.value })}
            size="small"
            margin="dense"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': S.keyLabel } }}
          />
          <ColorInput
            label={t('widget-config.key-color')}
            value={draft.color}
            onChange={(color) => set({ color })}
            testId={S.keyColor}
          />
        </FieldRow>
        <FieldRow>
          <TextField
            label={t('widget-config.units')}
            value={draft.units ?? ''}
            onChange={(event) => set({ units: event.target.value || null })}
            size="small"
            margin="dense"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': S.keyUnits } }}
          />
          <TextField
            label={t('widget-config.decimals')}
            type="number"
            value={draft.decimals ?? ''}
            onChange={(event) => {
              const value = Number.parseInt(event.target.value, 10);
              set({ decimals: Number.isFinite(value) && value >= 0 ? value : null });
            }}
            size="small"
            margin="dense"
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': S.keyDecimals, min: 0, max: 15 } }}
          />
        </FieldRow>
        {form && form.fields.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('widget-config.key-settings')}
            </Typography>
            <JsonSchemaForm
              form={form}
              value={(draft.settings ?? {}) as JsonObject}
              onChange={(settings) => set({ settings })}
              onValidityChange={setSettingsValid}
              testIdPrefix={S.keySetting}
            />
          </>
        )}
        {isFunction ? (
          <ScriptEditor
            label={t('widget-config.func-body', { args: FUNC_ARGS.join(', ') })}
            value={draft.funcBody ?? ''}
            onChange={(funcBody) => set({ funcBody })}
            argNames={FUNC_ARGS}
            testId={S.keyFuncBody}
          />
        ) : (
          <>
            <FormControlLabel
              sx={{ mt: 1 }}
              label={t('widget-config.use-post-processing')}
              control={
                <Checkbox
                  checked={usePost}
                  onChange={(event) =>
                    set({
                      usePostProcessing: event.target.checked,
                      postFuncBody: event.target.checked
                        ? (draft.postFuncBody ?? 'return value;')
                        : draft.postFuncBody,
                    })
                  }
                  slotProps={{ input: { 'data-testid': S.keyUsePost } as object }}
                />
              }
            />
            {usePost && (
              <ScriptEditor
                label={t('widget-config.post-func-body', { args: POST_FUNC_ARGS.join(', ') })}
                value={draft.postFuncBody ?? ''}
                onChange={(postFuncBody) => set({ postFuncBody })}
                argNames={POST_FUNC_ARGS}
                testId={S.keyPostFuncBody}
              />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={S.keyCancel}>
          {t('action.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!settingsValid}
          onClick={() => onSave(draft)}
          data-testid={S.keySave}
        >
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
