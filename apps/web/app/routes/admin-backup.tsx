import { BACKUP_TITLE } from '@souk/domain/admin-backup';
import { BackupScreen } from '~/features/admin-backup/backup-screen';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import { api, dataOrThrow } from '~/lib/api.server';
import type { Route } from './+types/admin-backup';

export const meta: Route.MetaFunction = () => [{ title: `${BACKUP_TITLE} — Administration Souk` }];

export async function loader({ context }: Route.LoaderArgs) {
  return dataOrThrow(await api(context).get('/admin/backup/last'));
}

export default function AdminBackup({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={BACKUP_TITLE} subtitle="Toute la boutique dans un fichier, à garder en lieu sûr">
      <BackupScreen last={loaderData.last} protected={loaderData.protected} />
    </AdminPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title={BACKUP_TITLE} error={error} />;
}
