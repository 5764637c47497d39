import { useMutation } from '@tanstack/react-query';
import { downloadExport } from '../../common/api/download-export';

/** GET /admin/payouts/runs/:id/csv: the bank file (full account numbers; the server audits each download), saved by the browser. */
export const downloadBankFile = (id: number) => downloadExport({ path: `/admin/payouts/runs/${id}/csv`, fallbackName: `payout-run-${id}.csv` });

export function useDownloadBankFile() {
  return useMutation({ mutationFn: downloadBankFile });
}
