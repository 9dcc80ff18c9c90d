import type { ScriptType } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { latestDebugInput, testScript } from '../../../api/rule-chains';
import { useServices } from '../../../app/services/useServices';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { selectors } from '../../../selectors';
import { ScriptEditor } from './ScriptEditor';
import { type ScriptProblem, scriptError } from './script-lint';

const S = selectors.ruleChains.scriptTest;

/** The reference's sample message when the node has none of its own. */
const SAMPLE_MSG = JSON.stringify({ temperature: 22.4, humidity: 78 }, null, 4);
const SAMPLE_METADATA: [string, string][] = [
  ['deviceName', 'Test device'],
  ['deviceType', 'default'],
  ['ts', String(Date.now())],
];

export interface ScriptTestDialogProps {
  script: string;
  scriptType: ScriptType;
  argNames: string[];
  /** A stored node: its last debug input prefills the message. */
  ruleNodeId?: string | undefined;
  onClose(): void;
  /** Save: the tested script goes back to the node's form. */
  onSave(script: string): void;
}

/**
 * The script test dialog (spec 3 §2.1): a message, its metadata and type on top, the script and its
 * output below. Test runs the script on the server; Save tests first and returns the script only
 * when the test passed. A failing script shows the server's error as a notification.
 */
export function ScriptTestDialog(props: ScriptTestDialogProps) {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const [msg, setMsg] = useState(SAMPLE_MSG);
  const [msgType, setMsgType] = useState('POST_TELEMETRY_REQUEST');
  const [metadata, setMetadata] = useState<[string, string][]>(SAMPLE_METADATA);
  const [script, setScript] = useState(props.script);
  const [output, setOutput] = useState('');
  const [running, setRunning] = useState(false);
  const [prefilled, setPrefilled] = useState(false);
  // The error that stopped the last Test or Save; the next edit clears it (spec 3 §4).
  const [scriptProblem, setScriptProblem] = useState<ScriptProblem | undefined>();

  // The node's last message in debug mode is the most telling sample (as the reference does).
  const debugIn = useQuery({
    queryKey: ['rule-node-debug-in', props.ruleNodeId],
    queryFn: () => latestDebugInput(http, props.ruleNodeId ?? ''),
    enabled: Boolean(props.ruleNodeId),
  });
  if (debugIn.data && !prefilled) {
    setPrefilled(true);
    const { data, metadata: metadataText, msgType: type } = debugIn.data;
    if (data) setMsg(pretty(data));
    if (type) setMsgType(type);
    const parsed = parseObject(metadataText);
    if (parsed) setMetadata(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }

  const msgValid = parseJson(msg) !== undefined;
  const metadataValid = metadata.every(([key]) => key.trim() !== '');
  const formValid = msgValid && msgType.trim() !== '' && metadataValid && script.trim() !== '';

  const run = async (): Promise<boolean> => {
    // A script that does not compile is not sent: its error is shown at its line.
    const problem = scriptError(script, props.argNames);
    setScriptProblem(problem);
    if (problem) return false;
    setRunning(true);
    try {
      const result = await testScript(http, {
        script,
        scriptType: props.scriptType,
        argNames: props.argNames,
        msg,
        metadata: Object.fromEntries(metadata.map(([key, value]) => [key.trim(), value])),
        msgType: msgType.trim(),
      });
      if (result.error) {
        toasts.show({ message: result.error, type: 'error' });
        setOutput('');
        return false;
      }
      setOutput(result.output);
      return true;
    } catch {
      return false;
    } finally {
      setRunning(false);
    }
  };

  const save = async () => {
    if (await run()) props.onSave(script);
  };

  const setMetadataRow = (index: number, row: [string, string] | null) =>
    setMetadata((rows) =>
      row ? rows.map((r, i) => (i === index ? row : r)) : rows.filter((_r, i) => i !== index),
    );

  return (
    <Dialog open onClose={props.onClose} maxWidth="lg" fullWidth data-testid={S.dialog}>
      <DialogTitle>{t('rulenode.test-script-function')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gridTemplateRows: '35fr 65fr', gap: 2 }}>
          <Box>
            <TextField
              label={t('rulenode.message-type')}
              value={msgType}
              onChange={(event) => setMsgType(event.target.value)}
              required
              fullWidth
              margin="dense"
              error={msgType.trim() === ''}
              slotProps={{ htmlInput: { 'data-testid': S.msgType } }}
            />
            <CodeEditor
              language="json"
              label={t('rulenode.message')}
              value={msg}
              onChange={setMsg}
              error={msgValid ? undefined : t('rulenode.invalid-json')}
              testId={S.msg}
              minRows={6}
            />
          </Box>
          <Box>
            <Typography variant="subtitle2">{t('rulenode.metadata')}</Typography>
            {metadata.map(([key, value], index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity
              <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <TextField
                  size="small"
                  label={t('rulenode.metadata-key')}
                  value={key}
                  onChange={(event) => setMetadataRow(index, [event.target.value, value])}
                  error={key.trim() === ''}
                  margin="dense"
                  sx={{ flex: 1, minWidth: 0 }}
                  slotProps={{ htmlInput: { 'data-testid': S.metadataKey(index) } }}
                />
                <TextField
                  size="small"
                  label={t('rulenode.metadata-value')}
                  value={value}
                  onChange={(event) => setMetadataRow(index, [key, event.target.value])}
                  margin="dense"
                  sx={{ flex: 1, minWidth: 0 }}
                  slotProps={{ htmlInput: { 'data-testid': S.metadataValue(index) } }}
                />
                <IconButton
                  aria-label={t('action.delete')}
                  onClick={() => setMetadataRow(index, null)}
                  size="small"
                >
                  ×
                </IconButton>
              </Box>
            ))}
            <Button
              size="small"
              onClick={() => setMetadata((rows) => [...rows, ['', '']])}
              data-testid={S.addMetadata}
            >
              {t('action.add')}
            </Button>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {`function (${props.argNames.join(', ')}) {`}
            </Typography>
            <ScriptEditor
              label={t('rulenode.script')}
              value={script}
              onChange={(text) => {
                setScript(text);
                setScriptProblem(undefined);
              }}
              argNames={props.argNames}
              invalid={scriptProblem}
              testId={S.script}
              minRows={12}
            />
            <Typography variant="caption" color="text.secondary">
              {'}'}
            </Typography>
          </Box>
          <CodeEditor
            language="json"
            label={t('rulenode.output')}
            value={output}
            onChange={() => {}}
            readOnly
            testId={S.output}
            minRows={12}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void run()} disabled={running || !formValid} data-testid={S.test}>
          {t('rulenode.test')}
        </Button>
        <Button onClick={props.onClose} data-testid={S.cancel}>
          {t('action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={running || !formValid || script === props.script}
          data-testid={S.save}
        >
          {t('action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  const parsed = text ? parseJson(text) : undefined;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

function pretty(text: string): string {
  const parsed = parseJson(text);
  return parsed === undefined ? text : JSON.stringify(parsed, null, 4);
}
