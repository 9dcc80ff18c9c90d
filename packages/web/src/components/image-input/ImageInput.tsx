import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readImageFile } from './read-image';

/** Height of the drop area and largest preview side (spec 3 §7). */
const DROP_AREA_HEIGHT_PX = 100;
const PREVIEW_MAX_PX = 98;

/**
 * The image input (spec 3): a preview of the image with a clear button, and a drop area that also
 * opens the file picker. The value is a `data:image/` URL or null; a file that is no image, or
 * larger than `maxSizeBytes`, is refused with a message and the value kept.
 */
export function ImageInput({
  label,
  value,
  onChange,
  disabled = false,
  maxSizeBytes,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  maxSizeBytes?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    const read = await readImageFile(file, maxSizeBytes);
    if (read.kind === 'tooLarge') {
      setError(t('image-input.maximum-upload-file-size', { size: maxSizeBytes }));
    } else if (read.kind === 'notImage') {
      setError(t('image-input.not-an-image'));
    } else {
      setError(null);
      onChange(read.dataUrl);
    }
  };

  return (
    <Box sx={{ my: 1 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          sx={{
            width: PREVIEW_MAX_PX,
            height: PREVIEW_MAX_PX,
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            position: 'relative',
            overflow: 'hidden',
          }}
        >
          {value ? (
            <>
              <Box
                component="img"
                src={value}
                alt={label}
                sx={{ maxWidth: PREVIEW_MAX_PX, maxHeight: PREVIEW_MAX_PX }}
              />
              {!disabled && (
                <Tooltip title={t('image-input.clear')}>
                  <IconButton
                    size="small"
                    aria-label={t('image-input.clear')}
                    onClick={() => onChange(null)}
                    sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}
                    data-testid={`${testId}-clear`}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </>
          ) : (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
              {t('image-input.no-image')}
            </Typography>
          )}
        </Box>
        {!disabled && (
          <Box
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              void take(event.dataTransfer.files[0]);
            }}
            sx={{
              flex: 1,
              height: DROP_AREA_HEIGHT_PX,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              borderRadius: 1,
            }}
          >
            <Button onClick={() => input.current?.click()}>{t('image-input.drop-image')}</Button>
            <input
              ref={input}
              type="file"
              accept="image/*"
              hidden
              data-testid={`${testId}-file`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                void take(file);
              }}
            />
          </Box>
        )}
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
