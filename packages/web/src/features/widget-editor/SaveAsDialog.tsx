import { NULL_UUID, type WidgetTypeDetails } from '@meridian/common';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../../app/services/useAuthState';
import { useServices } from '../../app/services/useServices';
import { draftErrors, type WidgetDraft } from './widget-draft';
import { getWidgetsBundles, saveWidgetType } from './widget-editor-api';
import { widgetEditorSelectors as S } from './widget-editor-selectors';

/** Save as: the widget under a new title in a bundle the user may write (a tenant's own ones). */
export function SaveAsDialog({
  draft,
  initialTitle,
  currentBundleId,
  onClose,
  onSaved,
}: {
  draft: WidgetDraft;
  initialTitle: string;
  /** The bundle offered first; null when the user may not write it. */
  currentBundleId: string | null;
  onClose: () => void;
  onSaved: (type: WidgetTypeDetails, bundleId: string) => void;
}) {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const { authUser } = useAuthState();
  const [title, setTitle] = useState(initialTitle);
  const [bundleId, setBundleId] = useState(currentBundleId ?? '');
  const [saving, setSaving] = useState(false);
  const bundles = useQuery({
    queryKey: ['widget-editor', 'bundles'],
    queryFn: ({ signal }) => getWidgetsBundles(http, signal),
  });
  // A tenant writes its own bundles only; the system administrator the system ones.
  const writable = (bundles.data ?? []).filter(
    (bundle) => (bundle.tenantId.id === NULL_UUID) === (authUser?.authority === 'SYS_ADMIN'),
  );
  const target = writable.find((bundle) => bundle.id.id === bundleId);
  const save = async () => {
    if (!target || !title.trim()) return;
    if (Object.keys(draftErrors(draft)).length > 0) {
      toasts.show({ message: t('widget-editor.invalid-not-saved'), type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveWidgetType(http, {
        bundleAlias: target.alias,
        name: title.trim(),
        image: draft.image,
        description: draft.description,
        descriptor: draft.descriptor,
      });
      onSaved(saved, target.id.id);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('widget-editor.save-as-title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('widget-editor.new-title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          fullWidth
          margin="dense"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': S.saveAsTitle } }}
        />
        <TextField
          select
          label={t('widget-editor.target-bundle')}
          value={target ? bundleId : ''}
          onChange={(event) => setBundleId(event.target.value)}
          required
          fullWidth
          margin="dense"
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.saveAsBundle } as object } }}
        >
          {writable.map((bundle) => (
            <MenuItem key={bundle.id.id} value={bundle.id.id}>
              {bundle.title}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('widget-editor.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!target || !title.trim() || saving}
          data-testid={S.saveAsConfirm}
        >
          {t('widget-editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
