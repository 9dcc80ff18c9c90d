import type { DeviceInfo, JsonValue } from '@meridian/common';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { rpcKeys, sendRpc } from '../../../api/rpc';
import { useServices } from '../../../app/services/useServices';
import { CodeBlock } from '../../../components/CodeBlock';
import { CopyButton } from '../../../components/entity-table/CopyButton';
import { DialogForm } from '../../../components/entity-table/DialogForm';
import { FormTextArea } from '../../../components/entity-table/FormTextArea';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { FormTextField } from '../../../components/FormTextField';
import { PersistentRpcList } from './PersistentRpcList';
import {
  RPC_FORM_DEFAULTS,
  type RpcFailure,
  type RpcFormValues,
  rpcFailureOf,
  rpcIdOf,
  rpcRequestOf,
  validateParams,
  validateTimeout,
} from './rpc-form';
import { rpcSelectors as S } from './selectors';

type Outcome =
  | { kind: 'reply'; twoWay: boolean; reply: JsonValue }
  | { kind: 'queued'; rpcId: string }
  | { kind: 'failed'; failure: RpcFailure };

function ReplyView({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'failed') {
    return (
      <Alert severity="error" data-testid={S.error}>
        {t(outcome.failure.key, outcome.failure.values)}
      </Alert>
    );
  }
  if (outcome.kind === 'queued') {
    return (
      <Alert severity="info">
        {t('rpc.queued')}{' '}
        <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid={S.rpcId}>
          {outcome.rpcId}
        </Box>
        <CopyButton text={outcome.rpcId} label={t('rpc.copy-rpc-id')} />
      </Alert>
    );
  }
  if (!outcome.twoWay) {
    return (
      <Alert severity="success" data-testid={S.reply}>
        {t('rpc.delivered')}
      </Alert>
    );
  }
  return (
    <Box>
      <Typography variant="subtitle2">{t('rpc.reply')}</Typography>
      <CodeBlock testId={S.reply}>{JSON.stringify(outcome.reply, null, 2)}</CodeBlock>
    </Box>
  );
}

/**
 * RPC debug dialog of a device: sends a one-way or two-way server-side RPC (`POST
 * /api/rpc/{oneway|twoway}/{deviceId}`) and shows the device's reply or why there is none. A
 * persistent request answers at once with its id; the device's persistent RPCs are listed with
 * their status.
 */
export function RpcDialog({ device, onClose }: { device: DeviceInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<RpcFormValues>({ defaultValues: RPC_FORM_DEFAULTS, mode: 'onChange' });
  // The form is submitting exactly while the request is out.
  const { isValid, isSubmitting: sending } = form.formState;
  const deviceId = device.id.id;

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const reply = await sendRpc(http, deviceId, values.twoWay, rpcRequestOf(values), {
        ignoreErrors: true,
      });
      const rpcId = values.persistent ? rpcIdOf(reply) : null;
      setOutcome(rpcId ? { kind: 'queued', rpcId } : { kind: 'reply', twoWay: values.twoWay, reply });
    } catch (error) {
      setOutcome({ kind: 'failed', failure: rpcFailureOf(error) });
    } finally {
      if (values.persistent) {
        void queryClient.invalidateQueries({ queryKey: rpcKeys.persistentByDevice(deviceId) });
      }
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth data-testid={S.dialog}>
      <DialogTitle id={titleId}>{t('rpc.title', { name: device.name })}</DialogTitle>
      <DialogForm onSubmit={submit}>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box>
            <FormTextField
              control={form.control}
              name="method"
              label={t('rpc.method')}
              required
              autoFocus
              testId={S.method}
              rules={{ validate: (value: string) => (value.trim() === '' ? 'rpc.method-required' : true) }}
            />
            <FormTextArea
              control={form.control}
              name="params"
              label={t('rpc.params')}
              code
              minRows={3}
              testId={S.params}
              helperText={t('rpc.params-hint')}
              rules={{ validate: validateParams }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3 }}>
              <Box sx={{ width: 200 }}>
                <FormTextField
                  control={form.control}
                  name="timeout"
                  label={t('rpc.timeout')}
                  type="number"
                  numeric
                  required
                  testId={S.timeout}
                  rules={{ validate: validateTimeout }}
                />
              </Box>
              <FormCheckbox
                control={form.control}
                name="twoWay"
                label={t('rpc.two-way')}
                testId={S.twoWay}
                toggle
              />
              <FormCheckbox
                control={form.control}
                name="persistent"
                label={t('rpc.persistent')}
                testId={S.persistent}
              />
            </Box>
          </Box>
          {sending && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid={S.sending}>
              <CircularProgress size={20} />
              <Typography variant="body2">{t('rpc.waiting')}</Typography>
            </Box>
          )}
          {outcome && <ReplyView outcome={outcome} />}
          <PersistentRpcList deviceId={deviceId} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={S.close}>
            {t('action.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || sending} data-testid={S.send}>
            {t('rpc.send')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
