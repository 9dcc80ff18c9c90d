import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';

const S = selectors.ruleChains.nestedChain;
/** The reference's limit on a rule chain's name. */
const MAX_NAME_LENGTH = 255;

/**
 * "Create nested rule chain" (reference console §8.1): the new chain's name and description.
 * `onSubmit` creates the chain; the dialog stays open, busy, until it is done.
 */
export function NestedChainDialog(props: {
  onSubmit: (chain: { name: string; description: string }) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const nameError =
    trimmed.length === 0
      ? t('rule-chain.name-required')
      : trimmed.length > MAX_NAME_LENGTH
        ? t('rule-chain.name-max-length')
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but its events still bubble to the canvas through React.
    event.stopPropagation();
    setTouched(true);
    if (nameError || busy) return;
    setBusy(true);
    try {
      await props.onSubmit({ name: trimmed, description: description.trim() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth data-testid={S.dialog}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{t('rule-chain-editor.create-nested-chain')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('rule-chain.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            required
            autoFocus
            fullWidth
            margin="dense"
            error={touched && nameError !== undefined}
            helperText={touched ? nameError : undefined}
            slotProps={{ htmlInput: { 'data-testid': S.name } }}
          />
          <TextField
            label={t('rule-chain.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { 'data-testid': S.description } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy} data-testid={S.cancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={S.submit}>
            {t('action.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
