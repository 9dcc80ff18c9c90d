import type { BulkImportRequest, BulkImportResult } from '@meridian/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { ColumnMappingStep } from './ColumnMappingStep';
import { ImportProgressView } from './ImportProgressView';
import { ImportResultView } from './ImportResultView';
import { ImportSettingsStep } from './ImportSettingsStep';
import {
  chunkFile,
  chunkRequest,
  detectColumns,
  IMPORT_COLUMN_TYPES,
  type ImportColumn,
  type ImportEntityType,
  type ImportSettings,
  mappingProblem,
} from './import-plan';
import { type ImportRunState, runImport } from './import-run';
import { type ImportFile, SelectFileStep } from './SelectFileStep';

const STEPS = ['file', 'settings', 'columns', 'progress', 'done'] as const;
type StepId = (typeof STEPS)[number];

/** Defaults of the reference: comma, header line, update existing entities. */
const DEFAULT_SETTINGS: ImportSettings = { delimiter: ',', header: true, update: true };

export interface BulkImportWizardProps {
  entityType: ImportEntityType;
  title: string;
  /** Sends one part of the file to `POST /api/{device|asset}/bulk_import`. */
  importChunk: (request: BulkImportRequest, signal: AbortSignal) => Promise<BulkImportResult>;
  /** An import run has ended (done, cancelled or failed): the list may have changed. */
  onImported: () => void;
  onClose: () => void;
}

/**
 * The CSV bulk-import wizard of devices and assets (reference console §3.6): select a file, import
 * configuration, column types, then the import itself — the file sent in parts one after the
 * other, with a determinate progress bar and a Cancel that stops before the next part — and the
 * result with each failed line numbered as in the user's file.
 */
export function BulkImportWizard({
  entityType,
  title,
  importChunk,
  onImported,
  onClose,
}: BulkImportWizardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = !useMediaQuery(theme.breakpoints.up('md'));
  const [step, setStep] = useState<StepId>('file');
  const [file, setFile] = useState<ImportFile | null>(null);
  const [settings, setSettings] = useState<ImportSettings>(DEFAULT_SETTINGS);
  const [columns, setColumns] = useState<ImportColumn[]>([]);
  const detectedFor = useRef<{ file: ImportFile; delimiter: string; header: boolean } | null>(null);
  const [run, setRun] = useState<ImportRunState | null>(null);
  const [stopping, setStopping] = useState(false);
  const stopRequested = useRef(false);
  const abort = useRef<AbortController | null>(null);

  // Leaving the wizard drops the request under way.
  useEffect(() => () => abort.current?.abort(), []);

  const problem = mappingProblem(columns);

  const toColumns = () => {
    if (!file) return;
    // The mapping is guessed again only when what it was guessed from changed.
    const last = detectedFor.current;
    if (last?.file !== file || last.delimiter !== settings.delimiter || last.header !== settings.header) {
      detectedFor.current = { file, delimiter: settings.delimiter, header: settings.header };
      setColumns(detectColumns(file.text, settings));
    }
    setStep('columns');
  };

  const startImport = async () => {
    if (!file || problem) return;
    const controller = new AbortController();
    abort.current = controller;
    stopRequested.current = false;
    setStopping(false);
    setStep('progress');
    const chunks = chunkFile(file.text, settings);
    try {
      await runImport({
        chunks,
        requestOf: (chunk) => chunkRequest(chunk, columns, settings),
        send: importChunk,
        shouldStop: () => stopRequested.current,
        onProgress: setRun,
        signal: controller.signal,
      });
    } catch {
      // Aborted: the wizard is gone.
      return;
    }
    onImported();
    setStep('done');
  };

  const stop = () => {
    stopRequested.current = true;
    setStopping(true);
  };

  const running = step === 'progress';
  const back = step === 'settings' ? 'file' : step === 'columns' ? 'settings' : null;

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      data-testid={selectors.bulkImport.dialog}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 380 }}>
        <Stepper activeStep={STEPS.indexOf(step)} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((id) => (
            <Step key={id} completed={STEPS.indexOf(id) < STEPS.indexOf(step) || step === 'done'}>
              <StepLabel data-testid={selectors.bulkImport.step(id)}>{t(`import.steps.${id}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 'file' && <SelectFileStep file={file} onChange={setFile} />}
        {step === 'settings' && <ImportSettingsStep settings={settings} onChange={setSettings} />}
        {step === 'columns' && (
          <ColumnMappingStep
            columns={columns}
            types={IMPORT_COLUMN_TYPES[entityType]}
            problem={problem}
            onChange={setColumns}
          />
        )}
        {step === 'progress' && run && <ImportProgressView state={run} stopping={stopping} />}
        {step === 'done' && run && <ImportResultView state={run} />}
      </DialogContent>
      <DialogActions>
        {back && (
          <Button onClick={() => setStep(back)} data-testid={selectors.bulkImport.back}>
            {t('action.back')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {step === 'done' ? (
          <Button variant="contained" onClick={onClose} data-testid={selectors.bulkImport.close}>
            {t('action.close')}
          </Button>
        ) : (
          <Button
            onClick={running ? stop : onClose}
            disabled={running && stopping}
            data-testid={selectors.bulkImport.cancel}
          >
            {t('action.cancel')}
          </Button>
        )}
        {step === 'file' && (
          <Button
            variant="contained"
            disabled={!file}
            onClick={() => setStep('settings')}
            data-testid={selectors.bulkImport.next}
          >
            {t('action.next')}
          </Button>
        )}
        {step === 'settings' && (
          <Button variant="contained" onClick={toColumns} data-testid={selectors.bulkImport.next}>
            {t('action.next')}
          </Button>
        )}
        {step === 'columns' && (
          <Button
            variant="contained"
            disabled={problem !== null}
            onClick={() => void startImport()}
            data-testid={selectors.bulkImport.start}
          >
            {t('import.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
