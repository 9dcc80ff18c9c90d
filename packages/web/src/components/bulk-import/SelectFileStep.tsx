import { formatFileSize } from '@meridian/common';
import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { IMPORT_MAX_FILE_BYTES } from './import-plan';

/** A CSV file the user chose, read as text. */
export interface ImportFile {
  name: string;
  size: number;
  text: string;
}

/** Why a file was refused: an i18n key of the `import` namespace. */
type FileProblem =
  | 'import.not-csv'
  | 'import.file-too-large'
  | 'import.file-empty'
  | 'import.file-unreadable';

function problemOf(file: File): FileProblem | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return 'import.not-csv';
  if (file.size > IMPORT_MAX_FILE_BYTES) return 'import.file-too-large';
  if (file.size === 0) return 'import.file-empty';
  return null;
}

/** The file's text (UTF-8), through FileReader: available wherever files can be chosen. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/**
 * Step 1 of the import wizard: a drop zone with a Browse button (spec 3 file input: one file,
 * CSV only, empty or unreadable files refused, at most {@link IMPORT_MAX_FILE_BYTES}).
 */
export function SelectFileStep({
  file,
  onChange,
}: {
  file: ImportFile | null;
  onChange: (file: ImportFile | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [dragging, setDragging] = useState(false);

  const accept = async (chosen: File | undefined) => {
    if (!chosen) return;
    const refused = problemOf(chosen);
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      const text = await readText(chosen);
      if (text.trim().length === 0) {
        setProblem('import.file-empty');
        return;
      }
      setProblem(null);
      onChange({ name: chosen.name, size: chosen.size, text });
    } catch {
      setProblem('import.file-unreadable');
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={selectors.bulkImport.dropZone}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          minHeight: 140,
          p: 2,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: (theme) => (dragging ? theme.palette.action.hover : undefined),
          textAlign: 'center',
        }}
      >
        <UploadFile color="action" fontSize="large" />
        <Typography>{t('import.drop-file')}</Typography>
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          data-testid={selectors.bulkImport.browse}
        >
          {t('import.browse')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => {
            void accept(event.target.files?.[0]);
            // Choosing the same file again still reads it.
            event.target.value = '';
          }}
          data-testid={selectors.bulkImport.fileInput}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, minHeight: 40 }}>
        {file ? (
          <>
            <InsertDriveFile color="action" />
            <Typography data-testid={selectors.bulkImport.fileName} sx={{ flex: 1, wordBreak: 'break-all' }}>
              {t('import.file-info', { name: file.name, size: formatFileSize(file.size) })}
            </Typography>
            <Tooltip title={t('import.remove-file')}>
              <IconButton
                aria-label={t('import.remove-file')}
                onClick={() => onChange(null)}
                data-testid={selectors.bulkImport.removeFile}
              >
                <Close />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          <Typography color="text.secondary">{t('import.no-file')}</Typography>
        )}
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={selectors.bulkImport.fileError}>
          {t(problem, { max: formatFileSize(IMPORT_MAX_FILE_BYTES) })}
        </Alert>
      )}
    </Box>
  );
}
