import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../entity-table/ViewDialog';
import { ReadonlyTextArea } from '../ReadonlyTextArea';
import { entityTabsSelectors } from '../selectors';

const S = entityTabsSelectors.events;

/** JSON text pretty-printed; anything else (plain text, a truncated payload) as it is. */
export function readableContent(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The content viewer of an event's long texts (reference console §4.4): message data, metadata, error. */
export function EventContentDialog({
  title,
  content,
  onClose,
}: {
  title: string;
  content: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ViewDialog
      title={title}
      onClose={onClose}
      maxWidth="md"
      testIds={{ dialog: S.contentDialog, close: S.contentClose }}
    >
      <ReadonlyTextArea
        label={t('event.content')}
        value={readableContent(content)}
        minRows={6}
        margin="dense"
        testId={S.content}
      />
    </ViewDialog>
  );
}
