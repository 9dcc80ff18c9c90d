import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentUserQuery } from '../../api/user';
import { PageLoading } from '../../app/layout/PageLoading';
import { useServices } from '../../app/services/useServices';
import { ProfileForm } from './ProfileForm';

/** /profile: loads the current user and shows the profile form. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { http } = useServices();
  const user = useQuery(currentUserQuery(http));
  if (user.data) {
    return <ProfileForm key={user.data.id.id} user={user.data} />;
  }
  if (user.isError) {
    return <Alert severity="error">{t('app.load-failed')}</Alert>;
  }
  return <PageLoading />;
}
