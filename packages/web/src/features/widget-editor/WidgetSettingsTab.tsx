import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { widgetEditorSelectors as S } from './widget-editor-selectors';

/** The widget type's description and preview image (as a data URL, as the reference stores it). */
export function WidgetSettingsTab({
  description,
  image,
  onChange,
}: {
  description: string | null;
  image: string | null;
  onChange: (change: { description?: string | null; image?: string | null }) => void;
}) {
  const { t } = useTranslation();
  const pick = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => onChange({ image: typeof reader.result === 'string' ? reader.result : null });
    reader.readAsDataURL(file);
  };
  return (
    <Box sx={{ py: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        label={t('widget-editor.description')}
        value={description ?? ''}
        onChange={(event) => onChange({ description: event.target.value || null })}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': S.description } }}
      />
      <Typography variant="subtitle2">{t('widget-editor.preview-image')}</Typography>
      {image ? (
        <Box
          component="img"
          src={image}
          alt={t('widget-editor.preview-image')}
          sx={{ maxWidth: 240, maxHeight: 160 }}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button component="label" variant="outlined">
          {t('widget-editor.choose-image')}
          <input
            hidden
            type="file"
            accept="image/*"
            data-testid={S.image}
            onChange={(event) => pick(event.target.files?.[0])}
          />
        </Button>
        {image ? (
          <Button onClick={() => onChange({ image: null })}>{t('widget-editor.clear-image')}</Button>
        ) : null}
      </Box>
    </Box>
  );
}
