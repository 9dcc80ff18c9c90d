import { useTranslation } from 'react-i18next';
import { LinkDialog } from '../../components/entity-table/LinkDialog';
import { selectors } from '../../selectors';

const S = selectors.dashboards;

/** What "Make public" ends with: the dashboard's public link, to copy and share. */
export function PublicLinkDialog({
  title,
  link,
  onClose,
}: {
  /** The dashboard's title. */
  title: string;
  link: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LinkDialog
      title={t('dashboards.public-dashboard-title')}
      text={t('dashboards.public-dashboard-text', { title })}
      link={link}
      copyLabel={t('dashboards.copy-public-link')}
      testIds={{
        dialog: S.publicDialog,
        ok: S.publicDialogOk,
        link: S.publicDialogLink,
        copy: S.publicDialogCopy,
      }}
      onClose={onClose}
    />
  );
}
