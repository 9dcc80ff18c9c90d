import type { Rpc } from '@meridian/common';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getPersistentRpcs, rpcKeys } from '../../../api/rpc';
import { useServices } from '../../../app/services/useServices';
import { useFormatters } from '../../../i18n/useFormatters';
import { rpcSelectors as S } from './selectors';

/** How many of the newest persistent RPCs the dialog lists. */
const PERSISTENT_RPC_LIST_SIZE = 10;
/** Statuses move on the server (queued → sent → delivered → successful): the list is re-read this often. */
export const PERSISTENT_RPC_REFRESH_MS = 5000;

const PAGE_LINK = {
  pageSize: PERSISTENT_RPC_LIST_SIZE,
  page: 0,
  sortOrder: { property: 'createdTime', direction: 'DESC' as const },
};

function methodOf(rpc: Rpc): string {
  const request = rpc.request;
  if (request !== null && typeof request === 'object' && !Array.isArray(request)) {
    const body = request.body;
    const method =
      body !== null && typeof body === 'object' && !Array.isArray(body) ? body.method : request.method;
    if (typeof method === 'string') return method;
  }
  return '';
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The device's newest persistent RPCs with their status (`GET /api/rpc/persistent/device/{id}`). */
export function PersistentRpcList({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const { http } = useServices();
  const list = useQuery({
    queryKey: [...rpcKeys.persistentByDevice(deviceId), PAGE_LINK],
    queryFn: ({ signal }) => getPersistentRpcs(http, deviceId, PAGE_LINK, null, { signal }),
    refetchInterval: PERSISTENT_RPC_REFRESH_MS,
    staleTime: 0,
  });
  const rows = list.data?.data ?? [];
  return (
    <Box data-testid={S.persistentList}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('rpc.persistent-list')}
        </Typography>
        <Tooltip title={t('entity.refresh')}>
          <IconButton
            size="small"
            aria-label={t('entity.refresh')}
            onClick={() => void list.refetch()}
            data-testid={S.persistentRefresh}
          >
            <Refresh fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {list.isError ? (
        <Typography color="error" variant="body2">
          {t('rpc.persistent-load-failed')}
        </Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {list.isPending ? t('app.loading') : t('rpc.no-persistent')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('rpc.created-time')}</TableCell>
              <TableCell>{t('rpc.method')}</TableCell>
              <TableCell>{t('rpc.status')}</TableCell>
              <TableCell>{t('rpc.response')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((rpc) => (
              <TableRow key={rpc.id.id} data-testid={S.persistentRow} data-rpc-id={rpc.id.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formats.dateTime(rpc.createdTime)}</TableCell>
                <TableCell>{methodOf(rpc)}</TableCell>
                <TableCell>{t(`rpc.statuses.${rpc.status}`)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {json(rpc.response)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
