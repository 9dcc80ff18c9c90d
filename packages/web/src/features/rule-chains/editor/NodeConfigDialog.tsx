import type { JsonObject, JsonValue, RuleNode } from '@meridian/common';
import { eventTypesOf, jsonObjectOrEmpty, scriptKindOf } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventsTabApi } from '../../../api/events';
import { useServices } from '../../../app/services/useServices';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { EventTable } from '../../../components/entity-tabs/events/EventTable';
import { selectors } from '../../../selectors';
import type { NodeClass } from './chain-graph';
import {
  type ConfigField,
  configFieldsOf,
  configurationOfText,
  labelOfKey,
  RULE_CHAIN_ID_KEY,
  textOfValue,
  valueOfText,
} from './config-fields';
import { RuleChainSelect } from './RuleChainSelect';
import { SchemaConfigForm, type ScriptTestRequest } from './SchemaConfigForm';
import { ScriptEditor } from './ScriptEditor';
import { ScriptTestDialog } from './ScriptTestDialog';
import {
  configurationOfSchemaForm,
  type FieldError,
  type SchemaField,
  type SchemaFormState,
  schemaFieldsOf,
  schemaFormStateOf,
} from './schema-form';
import type { ScriptProblem } from './script-lint';
import { scriptArgNamesOf, scriptProblemsOf } from './script-validation';

type Mode = 'form' | 'json';

interface FieldState {
  fields: ConfigField[];
  texts: Record<string, string>;
  flags: Record<string, boolean>;
}

function fieldStateOf(configuration: JsonObject): FieldState {
  const fields = configFieldsOf(configuration);
  const texts: Record<string, string> = {};
  const flags: Record<string, boolean> = {};
  for (const { key, kind } of fields) {
    if (kind === 'boolean') flags[key] = configuration[key] === true;
    else texts[key] = textOfValue(kind, configuration[key]);
  }
  return { fields, texts, flags };
}

/** The configuration of the form's fields, or the message keys of the fields that are wrong. */
function configurationOfFields(
  state: FieldState,
): { value: JsonObject } | { errors: Record<string, FieldError> } {
  const value: JsonObject = {};
  const errors: Record<string, FieldError> = {};
  for (const { key, kind } of state.fields) {
    if (kind === 'boolean') {
      value[key] = state.flags[key] ?? false;
      continue;
    }
    const parsed = valueOfText(kind, state.texts[key] ?? '');
    if ('error' in parsed) errors[key] = { key: parsed.error };
    else value[key] = parsed.value as JsonValue;
  }
  return Object.keys(errors).length > 0 ? { errors } : { value };
}

/**
 * The form of a configuration: built from the descriptor's schema when it has one, else from the
 * configuration's own values (descriptors of other servers carry no schema).
 */
type FormState =
  | { kind: 'schema'; fields: SchemaField[]; state: SchemaFormState; base: JsonObject }
  | { kind: 'values'; state: FieldState };

function formStateOf(schemaFields: SchemaField[] | undefined, configuration: JsonObject): FormState {
  return schemaFields
    ? {
        kind: 'schema',
        fields: schemaFields,
        state: schemaFormStateOf(schemaFields, configuration),
        base: configuration,
      }
    : { kind: 'values', state: fieldStateOf(configuration) };
}

/** The script settings of a form, keyed as its texts are (by path in a schema form). */
function scriptFieldsOf(form: FormState): { key: string; kind: 'script' }[] {
  if (form.kind === 'values') {
    return form.state.fields
      .filter((field) => field.kind === 'script')
      .map(({ key }) => ({ key, kind: 'script' }));
  }
  const scripts: { key: string; kind: 'script' }[] = [];
  const walk = (fields: readonly SchemaField[]) => {
    for (const field of fields) {
      if (field.kind === 'script') scripts.push({ key: field.path, kind: 'script' });
      walk(field.children);
    }
  };
  walk(form.fields);
  return scripts;
}

function configurationOfForm(
  form: FormState,
): { value: JsonObject } | { errors: Record<string, FieldError> } {
  return form.kind === 'schema'
    ? configurationOfSchemaForm(form.fields, form.state, form.base)
    : configurationOfFields(form.state);
}

/**
 * "Add rule node" and the node's details (reference console §8.1): Name*, Debug mode, the
 * configuration (a generated form, or the raw JSON) and the description.
 */
export function NodeConfigDialog(props: {
  title: string;
  node: RuleNode;
  nodeClass: NodeClass;
  submitLabel: string;
  onSubmit: (node: RuleNode) => void;
  onClose: () => void;
  /** Offered for a "rule chain" node: opens the chain it forwards to. */
  onOpenRuleChain?: (ruleChainId: string) => void;
}) {
  const { title, node, nodeClass, submitLabel, onSubmit, onClose, onOpenRuleChain } = props;
  const { t } = useTranslation();
  const [name, setName] = useState(node.name);
  const [debugMode, setDebugMode] = useState(node.debugMode);
  const info = jsonObjectOrEmpty(node.additionalInfo) as JsonObject;
  const [description, setDescription] = useState(
    typeof info.description === 'string' ? info.description : '',
  );
  const [mode, setMode] = useState<Mode>('form');
  const schema = nodeClass.definition.configurationSchema;
  const schemaFields = useMemo(() => (schema?.properties ? schemaFieldsOf(schema) : undefined), [schema]);
  const [form, setForm] = useState(() => formStateOf(schemaFields, node.configuration ?? {}));
  const [jsonText, setJsonText] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [nameError, setNameError] = useState(false);
  // Script errors found on submit; an edit of the script clears its own (spec 3 §4).
  const [scriptProblems, setScriptProblems] = useState<Record<string, ScriptProblem>>({});
  const clearScriptProblem = (key: string) => setScriptProblems(({ [key]: _edited, ...others }) => others);

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    if (next === 'json') {
      const built = configurationOfForm(form);
      if ('errors' in built) {
        setErrors(built.errors);
        return;
      }
      setJsonText(JSON.stringify(built.value, null, 2));
    } else {
      const parsed = configurationOfText(jsonText);
      if ('error' in parsed) {
        setErrors({ json: { key: parsed.error } });
        return;
      }
      setForm(formStateOf(schemaFields, parsed.value));
    }
    setErrors({});
    setMode(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const trimmed = name.trim();
    setNameError(trimmed.length === 0);
    let configuration: JsonObject;
    if (mode === 'json') {
      const parsed = configurationOfText(jsonText);
      if ('error' in parsed) {
        setErrors({ json: { key: parsed.error } });
        return;
      }
      configuration = parsed.value;
    } else {
      const built = configurationOfForm(form);
      if ('errors' in built) {
        setErrors(built.errors);
        return;
      }
      configuration = built.value;
      const problems = scriptProblemsOf(node.type, scriptFieldsOf(form), form.state.texts);
      setScriptProblems(problems);
      if (Object.keys(problems).length > 0) return;
    }
    if (trimmed.length === 0) return;
    onSubmit({
      ...node,
      name: trimmed,
      debugMode,
      configuration,
      additionalInfo: { ...info, description },
    });
  };

  // The texts of both kinds of form are keyed by the setting's path (scripts, the target chain).
  const formTexts = form.state.texts;
  const setText = (key: string, text: string) =>
    setForm((current) =>
      current.kind === 'schema'
        ? { ...current, state: { ...current.state, texts: { ...current.state.texts, [key]: text } } }
        : { ...current, state: { ...current.state, texts: { ...current.state.texts, [key]: text } } },
    );
  const setFieldState = (update: (state: FieldState) => FieldState) =>
    setForm((current) =>
      current.kind === 'values' ? { ...current, state: update(current.state) } : current,
    );
  const setSchemaState = (update: (state: SchemaFormState) => SchemaFormState) =>
    setForm((current) =>
      current.kind === 'schema' ? { ...current, state: update(current.state) } : current,
    );
  const errorText = (key: string) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };
  const targetChain = mode === 'form' ? formTexts[RULE_CHAIN_ID_KEY] : undefined;
  // A stored node has events (debug, lifecycle, errors) to look at beside its settings.
  const { http } = useServices();
  const eventsApi = useMemo(() => eventsTabApi(http), [http]);
  const nodeId = node.id?.id;
  const [tab, setTab] = useState<'details' | 'events'>('details');
  const [scriptTest, setScriptTest] = useState<ScriptTestRequest | undefined>();

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid={selectors.ruleChains.nodeDialog}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        {nodeId && (
          <Tabs value={tab} onChange={(_event, value: 'details' | 'events') => setTab(value)} sx={{ px: 3 }}>
            <Tab
              value="details"
              label={t('rulenode.details')}
              data-testid={selectors.ruleChains.nodeDetailsTab}
            />
            <Tab value="events" label={t('event.events')} data-testid={selectors.ruleChains.nodeEventsTab} />
          </Tabs>
        )}
        {nodeId && tab === 'events' && (
          <DialogContent>
            <EventTable
              entityId={{ entityType: 'RULE_NODE', id: nodeId }}
              api={eventsApi}
              eventTypes={eventTypesOf('RULE_NODE')}
            />
          </DialogContent>
        )}
        <DialogContent sx={tab === 'events' ? { display: 'none' } : undefined}>
          <Typography variant="caption" color="text.secondary">
            {nodeClass.name}
            {nodeClass.definition.description ? ` — ${nodeClass.definition.description}` : ''}
          </Typography>
          <TextField
            label={t('rulenode.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
            fullWidth
            margin="dense"
            error={nameError}
            helperText={nameError ? t('rulenode.name-required') : undefined}
            slotProps={{ htmlInput: { 'data-testid': selectors.ruleChains.nodeName } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={debugMode}
                onChange={(_event, checked) => setDebugMode(checked)}
                slotProps={{ input: { 'data-testid': selectors.ruleChains.nodeDebugMode } as object }}
              />
            }
            label={t('rulenode.debug-mode')}
          />
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('rulenode.configuration')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_event, value: Mode | null) => value && switchMode(value)}
            data-testid={selectors.ruleChains.nodeConfigMode}
            sx={{ my: 1 }}
          >
            <ToggleButton value="form">{t('rulenode.configuration-form')}</ToggleButton>
            <ToggleButton value="json">{t('rulenode.configuration-json')}</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'json' ? (
            <CodeEditor
              language="json"
              label={t('rulenode.configuration')}
              value={jsonText}
              onChange={setJsonText}
              error={errorText('json')}
              testId={selectors.ruleChains.nodeConfigJson}
              minRows={8}
            />
          ) : form.kind === 'schema' ? (
            <SchemaConfigForm
              fields={form.fields}
              state={form.state}
              onChange={setSchemaState}
              errors={errors}
              nodeType={node.type}
              onTestScript={setScriptTest}
              scriptProblems={scriptProblems}
              onScriptEdit={clearScriptProblem}
            />
          ) : (
            form.state.fields.map(({ key, kind }) => {
              const fieldState = form.state;
              const testId = selectors.ruleChains.nodeConfigField(key);
              const label = labelOfKey(key);
              if (kind === 'boolean') {
                return (
                  <FormControlLabel
                    key={key}
                    sx={{ display: 'flex' }}
                    control={
                      <Checkbox
                        checked={fieldState.flags[key] ?? false}
                        onChange={(_event, checked) =>
                          setFieldState((state) => ({ ...state, flags: { ...state.flags, [key]: checked } }))
                        }
                        slotProps={{ input: { 'data-testid': testId } as object }}
                      />
                    }
                    label={label}
                  />
                );
              }
              if (kind === 'ruleChain') {
                return (
                  <RuleChainSelect
                    key={key}
                    label={t('rulenode.rule-chain')}
                    value={fieldState.texts[key] ?? ''}
                    onChange={(ruleChainId) => setText(key, ruleChainId)}
                    testId={testId}
                  />
                );
              }
              if (kind === 'script' || kind === 'json' || kind === 'stringList') {
                const testable = kind === 'script' ? scriptKindOf(node.type, key) : undefined;
                return (
                  <Box key={key}>
                    {kind === 'script' ? (
                      <ScriptEditor
                        label={label}
                        value={fieldState.texts[key] ?? ''}
                        onChange={(text) => {
                          setText(key, text);
                          clearScriptProblem(key);
                        }}
                        argNames={scriptArgNamesOf(node.type, key)}
                        invalid={scriptProblems[key]}
                        testId={testId}
                      />
                    ) : (
                      <CodeEditor
                        language={kind === 'json' ? 'json' : 'text'}
                        label={kind === 'stringList' ? `${label} (${t('rulenode.one-per-line')})` : label}
                        value={fieldState.texts[key] ?? ''}
                        onChange={(text) => setText(key, text)}
                        error={errorText(key)}
                        testId={testId}
                        minRows={2}
                      />
                    )}
                    {testable && (
                      <Button
                        size="small"
                        onClick={() => setScriptTest({ key, ...testable })}
                        data-testid={selectors.ruleChains.testScript(key)}
                      >
                        {t('rulenode.test-script')}
                      </Button>
                    )}
                  </Box>
                );
              }
              return (
                <TextField
                  key={key}
                  label={label}
                  value={fieldState.texts[key] ?? ''}
                  onChange={(event) => setText(key, event.target.value)}
                  fullWidth
                  margin="dense"
                  type={kind === 'number' ? 'number' : 'text'}
                  error={errors[key] !== undefined}
                  helperText={errorText(key)}
                  slotProps={{ htmlInput: { 'data-testid': testId } }}
                />
              );
            })
          )}
          <TextField
            label={t('rulenode.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { 'data-testid': selectors.ruleChains.nodeDescription } }}
          />
        </DialogContent>
        <DialogActions>
          {onOpenRuleChain && nodeClass.definition.ruleChainNode && targetChain && (
            <Button
              onClick={() => onOpenRuleChain(targetChain)}
              data-testid={selectors.ruleChains.openTargetChain}
              sx={{ mr: 'auto' }}
            >
              {t('rulenode.open-rule-chain')}
            </Button>
          )}
          <Button onClick={onClose} data-testid={selectors.ruleChains.nodeDialogCancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid={selectors.ruleChains.nodeDialogSubmit}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
      {scriptTest && (
        <ScriptTestDialog
          script={formTexts[scriptTest.key] ?? ''}
          scriptType={scriptTest.scriptType}
          argNames={scriptTest.argNames}
          ruleNodeId={nodeId}
          onClose={() => setScriptTest(undefined)}
          onSave={(script) => {
            setText(scriptTest.key, script);
            setScriptTest(undefined);
          }}
        />
      )}
    </Dialog>
  );
}
