import { WIDGET_TYPES, type WidgetType } from '@meridian/common';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/entity-table/DialogFrame';
import { WIDGET_KIND_LABEL_KEYS } from './widget-kinds';
import { widgetLibrarySelectors as S } from './widget-library-selectors';

/** "Select widget type" (reference console §3.13): the kind of the new widget type; picking one closes it. */
export function SelectWidgetTypeDialog({
  onSelect,
  onClose,
}: {
  onSelect: (kind: WidgetType) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={t('widget-type.select-widget-type')}
      onClose={onClose}
      maxWidth="sm"
      testId={S.library.selectTypeDialog}
      actions={<Button onClick={onClose}>{t('action.cancel')}</Button>}
    >
      <List>
        {WIDGET_TYPES.map((kind) => (
          <ListItemButton key={kind} onClick={() => onSelect(kind)} data-testid={S.library.selectType(kind)}>
            <ListItemText primary={t(WIDGET_KIND_LABEL_KEYS[kind])} />
          </ListItemButton>
        ))}
      </List>
    </DialogFrame>
  );
}
