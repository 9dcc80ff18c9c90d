import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { DraftResource } from './widget-draft';
import { widgetEditorSelectors as S } from './widget-editor-selectors';

/** The widget's resources: JS and CSS URLs loaded into its frame before its code, in order. */
export function ResourcesTab({
  resources,
  onChange,
}: {
  resources: readonly DraftResource[];
  onChange: (resources: DraftResource[]) => void;
}) {
  const { t } = useTranslation();
  const change = (index: number, next: DraftResource) =>
    onChange(resources.map((resource, at) => (at === index ? next : resource)));
  return (
    <Box sx={{ py: 1 }}>
      {resources.map((resource, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the URL is what changes
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TextField
            label={t('widget-editor.resource-url')}
            value={resource.url}
            onChange={(event) => change(index, { ...resource, url: event.target.value })}
            size="small"
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { 'data-testid': S.resourceUrl(index) } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={resource.isModule === true}
                onChange={(event) => change(index, { ...resource, isModule: event.target.checked })}
                slotProps={{ input: { 'data-testid': S.resourceIsModule(index) } as object }}
              />
            }
            label={t('widget-editor.is-module')}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <Tooltip title={t('widget-editor.remove-resource')}>
            <IconButton
              aria-label={t('widget-editor.remove-resource')}
              onClick={() => onChange(resources.filter((_resource, at) => at !== index))}
              data-testid={S.resourceRemove(index)}
            >
              <Delete />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() => onChange([...resources, { url: '' }])}
        data-testid={S.addResource}
      >
        {t('widget-editor.add-resource')}
      </Button>
    </Box>
  );
}
