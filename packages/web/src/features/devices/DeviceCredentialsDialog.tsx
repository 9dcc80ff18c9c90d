import type { DeviceCredentials, DeviceInfo } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { deviceCredentialsQuery, deviceKeys, saveDeviceCredentials } from '../../api/devices';
import { useServices } from '../../app/services/useServices';
import { DialogForm } from '../../components/entity-table/DialogForm';
import { selectors } from '../../selectors';
import { CredentialsFields, type CredentialsHost } from './CredentialsFields';
import { allowedCredentialsTypes, credentialsOf, credentialsValuesOf } from './credentials-values';

export interface DeviceCredentialsDialogProps {
  device: DeviceInfo;
  /** "View credentials" of a customer user: nothing can be changed. */
  readonly: boolean;
  onClose: () => void;
}

function CredentialsForm({
  device,
  readonly,
  onClose,
  stored,
}: DeviceCredentialsDialogProps & { stored: DeviceCredentials }) {
  const { t } = useTranslation();
  const { http, queryClient } = useServices();
  const [saving, setSaving] = useState(false);
  const transportType = device.deviceData?.transportConfiguration?.type ?? 'DEFAULT';
  const types = allowedCredentialsTypes(transportType);
  const form = useForm<CredentialsHost>({
    defaultValues: { credentials: credentialsValuesOf(stored, types[0]) },
    mode: 'onChange',
  });
  const { isDirty, isValid } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await saveDeviceCredentials(http, { ...stored, ...credentialsOf(values.credentials) });
      queryClient.setQueryData(deviceKeys.credentials(device.id.id), saved);
      onClose();
    } catch {
      // Shown by the HTTP client; the dialog stays open.
    } finally {
      setSaving(false);
    }
  });
  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <CredentialsFields control={form.control} types={types} disabled={readonly} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={selectors.credentials.cancel}>
          {readonly ? t('action.close') : t('action.cancel')}
        </Button>
        {!readonly && (
          <Button
            type="submit"
            variant="contained"
            disabled={!isDirty || !isValid || saving}
            data-testid={selectors.credentials.save}
          >
            {t('action.save')}
          </Button>
        )}
      </DialogActions>
    </DialogForm>
  );
}

/** Manage credentials (tenant) or View credentials (customer user) of one device. */
export function DeviceCredentialsDialog(props: DeviceCredentialsDialogProps) {
  const { t } = useTranslation();
  const { http } = useServices();
  const titleId = useId();
  const credentials = useQuery(deviceCredentialsQuery(http, props.device.id.id));
  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={selectors.credentials.dialog}
    >
      <DialogTitle id={titleId}>{t('device.device-credentials')}</DialogTitle>
      {credentials.data ? (
        <CredentialsForm {...props} stored={credentials.data} />
      ) : (
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            {credentials.isError ? t('app.load-failed') : <CircularProgress aria-label={t('app.loading')} />}
          </Box>
        </DialogContent>
      )}
    </Dialog>
  );
}
