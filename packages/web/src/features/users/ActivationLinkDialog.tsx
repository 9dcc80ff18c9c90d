import { useTranslation } from 'react-i18next';
import { LinkDialog } from '../../components/entity-table/LinkDialog';
import { selectors } from '../../selectors';

const S = selectors.users;

/** Shows a user's activation link with a copy button (reference console §3.2 "Activation link dialog"). */
export function ActivationLinkDialog({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <LinkDialog
      title={t('users.activation-link')}
      text={t('users.activation-link-text')}
      link={link}
      copyLabel={t('users.copy-activation-link')}
      testIds={{
        dialog: S.activationLinkDialog,
        ok: S.activationLinkOk,
        link: S.activationLink,
        copy: S.copyActivationLink,
      }}
      onClose={onClose}
    />
  );
}
