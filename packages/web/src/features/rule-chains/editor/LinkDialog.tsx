import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';

/**
 * "Add link" / link details (reference console §8.1): the relation types of a link, from the
 * source node's choices, and any text when the node routes by custom relations.
 */
export function LinkDialog(props: {
  title: string;
  options: readonly string[];
  allowCustom: boolean;
  initial: readonly string[];
  submitLabel: string;
  onSubmit: (labels: string[]) => void;
  onClose: () => void;
}) {
  const { title, options, allowCustom, initial, submitLabel, onSubmit, onClose } = props;
  const { t } = useTranslation();
  const [labels, setLabels] = useState<string[]>([...initial]);
  const [input, setInput] = useState('');
  const [error, setError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    // Text typed but not yet entered as a chip counts, when free text is allowed.
    const typed = allowCustom && input.trim().length > 0 ? [input.trim()] : [];
    const chosen = [...new Set([...labels, ...typed])];
    if (chosen.length === 0) {
      setError(true);
      return;
    }
    onSubmit(chosen);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid={selectors.ruleChains.linkDialog}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Autocomplete
            multiple
            freeSolo={allowCustom}
            options={options.filter((option) => !labels.includes(option))}
            value={labels}
            inputValue={input}
            onInputChange={(_event, value) => setInput(value)}
            onChange={(_event, value) => {
              setLabels(value.map(String));
              setError(false);
            }}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={option} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                margin="dense"
                label={t('rulenode.link-labels')}
                placeholder={allowCustom ? t('rulenode.link-labels-custom-hint') : undefined}
                error={error}
                helperText={error ? t('rulenode.link-labels-required') : undefined}
                slotProps={{
                  htmlInput: { ...params.inputProps, 'data-testid': selectors.ruleChains.linkLabels },
                }}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={selectors.ruleChains.linkCancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" data-testid={selectors.ruleChains.linkSubmit}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
