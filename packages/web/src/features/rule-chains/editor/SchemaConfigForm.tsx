import { type ScriptType, schemaTypes, scriptKindOf } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { KeysListInput } from '../../../components/KeysListInput';
import { selectors } from '../../../selectors';
import { RuleChainSelect } from './RuleChainSelect';
import { ScriptEditor } from './ScriptEditor';
import type { FieldError, SchemaField, SchemaFormState } from './schema-form';
import { fieldLabel, optionLabels } from './schema-labels';
import type { ScriptProblem } from './script-lint';
import { scriptArgNamesOf } from './script-validation';

export interface ScriptTestRequest {
  key: string;
  scriptType: ScriptType;
  argNames: string[];
}

/**
 * The node form built from the configuration schema: selects for choices, switches for flags,
 * number inputs with their bounds, texts, script editors, key lists, nested settings as fieldsets
 * and anything else as JSON.
 */
export function SchemaConfigForm(props: {
  fields: readonly SchemaField[];
  state: SchemaFormState;
  onChange: (update: (state: SchemaFormState) => SchemaFormState) => void;
  errors: Record<string, FieldError>;
  /** The node's class, for the script settings the test dialog can run. */
  nodeType: string;
  onTestScript: (request: ScriptTestRequest) => void;
  /** Script errors found on submit, by path; an edit of a script clears its own (spec 3). */
  scriptProblems: Record<string, ScriptProblem>;
  onScriptEdit: (path: string) => void;
}) {
  const { fields, state, onChange, errors, nodeType, onTestScript, scriptProblems, onScriptEdit } = props;
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const setText = (path: string, text: string) =>
    onChange((current) => ({ ...current, texts: { ...current.texts, [path]: text } }));
  const setList = (path: string, list: string[]) =>
    onChange((current) => ({ ...current, lists: { ...current.lists, [path]: list } }));
  const errorText = (path: string) => {
    const error = errors[path];
    return error ? t(error.key, error.values) : undefined;
  };
  const helper = (field: SchemaField) => errorText(field.path) ?? field.schema.description;

  const render = (field: SchemaField) => {
    const { path, schema } = field;
    const testId = selectors.ruleChains.nodeConfigField(path);
    const label = fieldLabel(t, exists, field.key, schema);
    const text = state.texts[path] ?? '';
    const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.') + 1) : '';
    const patternToggle = schema['x-patternWhen'];
    const asPattern = patternToggle !== undefined && state.flags[`${parent}${patternToggle}`] === true;

    switch (field.kind) {
      case 'group':
        return (
          <Box
            key={path}
            component="fieldset"
            data-testid={testId}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1, mt: 1 }}
          >
            <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
              {label}
            </Typography>
            {field.children.map(render)}
          </Box>
        );
      case 'switch':
        return (
          <FormControlLabel
            key={path}
            sx={{ display: 'flex' }}
            control={
              <Switch
                checked={state.flags[path] ?? false}
                onChange={(_event, checked) =>
                  onChange((current) => ({ ...current, flags: { ...current.flags, [path]: checked } }))
                }
                slotProps={{ input: { 'data-testid': testId } as object }}
              />
            }
            label={label}
          />
        );
      case 'select': {
        if (asPattern) break;
        const labels = optionLabels(t, exists, schema);
        const texts = [...labels.keys()];
        if (!field.required && !texts.includes('')) texts.unshift('');
        // A stored value the choices do not name stays selectable, so it is not lost.
        if (!texts.includes(text)) texts.push(text);
        return (
          <TextField
            key={path}
            select
            fullWidth
            margin="dense"
            label={label}
            required={field.required}
            value={text}
            onChange={(event) => setText(path, event.target.value)}
            error={errors[path] !== undefined}
            helperText={helper(field)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
          >
            {texts.map((option) => (
              <MenuItem key={option} value={option}>
                {option === '' ? <em>{t('rulenode.not-set')}</em> : (labels.get(option) ?? option)}
              </MenuItem>
            ))}
          </TextField>
        );
      }
      case 'multiSelect': {
        const labels = optionLabels(t, exists, schema.items ?? {});
        const selected = state.lists[path] ?? [];
        return (
          <TextField
            key={path}
            select
            fullWidth
            margin="dense"
            label={label}
            value={selected}
            onChange={(event) => {
              const value = event.target.value as unknown;
              setList(path, typeof value === 'string' ? value.split(',') : (value as string[]));
            }}
            helperText={helper(field)}
            slotProps={{
              select: {
                multiple: true,
                SelectDisplayProps: { 'data-testid': testId } as object,
                renderValue: (value) => (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {(value as string[]).map((item) => (
                      <Chip key={item} size="small" label={labels.get(item) ?? item} />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {[...labels.entries()].map(([option, optionLabel]) => (
              <MenuItem key={option} value={option}>
                {optionLabel}
              </MenuItem>
            ))}
          </TextField>
        );
      }
      case 'list': {
        const examples = (schema.items?.examples ?? []).map(String);
        return (
          <KeysListInput
            key={path}
            label={label}
            value={state.lists[path] ?? []}
            onChange={(list) => setList(path, list)}
            testId={testId}
            {...(examples.length > 0
              ? { suggestions: { queryKey: ['rule-node-examples', path], load: async () => examples } }
              : {})}
          />
        );
      }
      case 'ruleChain':
        return (
          <RuleChainSelect
            key={path}
            label={t('rulenode.rule-chain')}
            value={text}
            onChange={(ruleChainId) => setText(path, ruleChainId)}
            testId={testId}
          />
        );
      case 'script':
      case 'json': {
        const testable = field.kind === 'script' ? scriptKindOf(nodeType, field.key) : undefined;
        return (
          <Box key={path}>
            {field.kind === 'script' ? (
              <ScriptEditor
                label={field.required ? `${label} *` : label}
                value={text}
                onChange={(next) => {
                  setText(path, next);
                  onScriptEdit(path);
                }}
                argNames={scriptArgNamesOf(nodeType, field.key)}
                invalid={scriptProblems[path]}
                testId={testId}
              />
            ) : (
              <CodeEditor
                language="json"
                label={field.required ? `${label} *` : label}
                value={text}
                onChange={(next) => setText(path, next)}
                error={errorText(path)}
                testId={testId}
                minRows={2}
              />
            )}
            {testable && (
              <Button
                size="small"
                onClick={() => onTestScript({ key: path, ...testable })}
                data-testid={selectors.ruleChains.testScript(path)}
              >
                {t('rulenode.test-script')}
              </Button>
            )}
          </Box>
        );
      }
      default:
        break;
    }
    const number = field.kind === 'number';
    return (
      <TextField
        key={path}
        label={label}
        value={text}
        onChange={(event) => setText(path, event.target.value)}
        fullWidth
        margin="dense"
        required={field.required}
        type={number ? 'number' : 'text'}
        error={errors[path] !== undefined}
        helperText={helper(field)}
        slotProps={{
          htmlInput: {
            'data-testid': testId,
            ...(number
              ? {
                  min: schema.minimum,
                  max: schema.maximum,
                  step: schemaTypes(schema).includes('integer') ? 1 : 'any',
                }
              : {}),
          },
        }}
      />
    );
  };

  return <>{fields.map(render)}</>;
}
