import type { Dashboard } from '@meridian/common';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardRuntimeKeys } from '../../api/dashboard-runtime';
import { dashboardKeys, getDashboard } from '../../api/dashboards';
import { useServices } from '../../app/services/useServices';
import { dashboardSelectors as S } from '../selectors';
import { ScreenshotTooLargeError, takeDashboardScreenshot } from './dashboard-screenshot';

type Shot = { kind: 'taking' } | { kind: 'taken'; image: string } | { kind: 'failed'; message: string };

/**
 * "Update dashboard image" of the viewer's toolbar (reference §5.2): takes a screenshot of what the
 * dashboard shows and, when the user agrees, saves it as the dashboard's image (its thumbnail).
 */
export function UpdateDashboardImageButton({
  dashboard,
  content,
}: {
  dashboard: Dashboard;
  /** The element whose look becomes the image: the state's layouts, without the toolbar. */
  content: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('dashboard-viewer.update-image');
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} data-testid={S.updateImage} onClick={() => setOpen(true)}>
          <PhotoCamera />
        </IconButton>
      </Tooltip>
      {open && <UpdateImageDialog dashboard={dashboard} content={content} onClose={() => setOpen(false)} />}
    </>
  );
}

function UpdateImageDialog({
  dashboard,
  content,
  onClose,
}: {
  dashboard: Dashboard;
  content: () => HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const theme = useTheme();
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [shot, setShot] = useState<Shot>({ kind: 'taking' });
  const [saving, setSaving] = useState(false);
  const background = theme.palette.background.default;

  const take = useCallback(() => {
    const node = content();
    if (!node) return;
    setShot({ kind: 'taking' });
    takeDashboardScreenshot(node, background).then(
      (image) => setShot({ kind: 'taken', image }),
      (error: unknown) =>
        setShot({
          kind: 'failed',
          message:
            error instanceof ScreenshotTooLargeError
              ? t('dashboard-viewer.update-image-too-large')
              : t('dashboard-viewer.update-image-failed', { message: String(error) }),
        }),
    );
  }, [content, background, t]);
  // The dialog opens on a screenshot of the dashboard as it is now; Take again replaces it.
  const first = useRef(take);
  useEffect(() => first.current(), []);

  const save = async (image: string) => {
    setSaving(true);
    try {
      // The image is saved on the dashboard as stored now: someone's concurrent edit of its widgets
      // is kept, and the version check still guards the moment between this read and the save.
      const current = await getDashboard(http, dashboard.id.id);
      const saved: Dashboard = await http.post('/api/dashboard', { ...current, image });
      queryClient.setQueryData(dashboardRuntimeKeys.dashboard(saved.id.id), saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      onClose();
    } catch {
      // The HTTP client shows why the dashboard could not be read or saved.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid={S.updateImageDialog}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('dashboard-viewer.update-image')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 200 }}>
          {shot.kind === 'taking' && (
            <CircularProgress aria-label={t('dashboard-viewer.update-image-taking')} />
          )}
          {shot.kind === 'taken' && (
            <Box
              component="img"
              src={shot.image}
              alt={t('dashboard-viewer.update-image-preview')}
              data-testid={S.updateImagePreview}
              sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }}
            />
          )}
          {shot.kind === 'failed' && <Alert severity="error">{shot.message}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button onClick={take} disabled={shot.kind === 'taking'} data-testid={S.updateImageRetake}>
          {t('dashboard-viewer.update-image-retake')}
        </Button>
        <Button
          variant="contained"
          disabled={shot.kind !== 'taken' || saving}
          onClick={() => shot.kind === 'taken' && void save(shot.image)}
          data-testid={S.updateImageSave}
        >
          {t('dashboard-viewer.update-image-save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
