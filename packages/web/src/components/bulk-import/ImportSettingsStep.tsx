import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { CSV_DELIMITERS, type CsvDelimiter, type ImportSettings } from './import-plan';

/** How each delimiter is named in the select. */
const DELIMITER_NAMES: Record<CsvDelimiter, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '|': 'pipe',
  '\t': 'tab',
};

/** Step 2 of the import wizard: delimiter, header line, update of existing entities. */
export function ImportSettingsStep({
  settings,
  onChange,
}: {
  settings: ImportSettings;
  onChange: (settings: ImportSettings) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', maxWidth: 420 }}>
      <TextField
        select
        margin="dense"
        label={t('import.delimiter')}
        value={settings.delimiter}
        onChange={(event) => onChange({ ...settings, delimiter: event.target.value })}
        slotProps={{
          select: { SelectDisplayProps: { 'data-testid': selectors.bulkImport.delimiter } as object },
        }}
      >
        {CSV_DELIMITERS.map((delimiter) => (
          <MenuItem
            key={delimiter}
            value={delimiter}
            data-testid={selectors.bulkImport.delimiterOption(DELIMITER_NAMES[delimiter])}
          >
            {t(`import.delimiters.${DELIMITER_NAMES[delimiter]}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={settings.header}
            onChange={(_event, header) => onChange({ ...settings, header })}
            slotProps={{ input: { 'data-testid': selectors.bulkImport.header } as object }}
          />
        }
        label={t('import.header')}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={settings.update}
            onChange={(_event, update) => onChange({ ...settings, update })}
            slotProps={{ input: { 'data-testid': selectors.bulkImport.update } as object }}
          />
        }
        label={t('import.update')}
      />
    </Box>
  );
}
