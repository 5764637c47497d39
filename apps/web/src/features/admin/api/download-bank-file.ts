import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

/** GET /admin/payouts/runs/:id/csv: the bank file (full account numbers; the server audits each download), saved by the browser. */
export async function downloadBankFile(id: number) {
  const { blob, filename } = await apiDownload(`/admin/payouts/runs/${id}/csv`, `payout-run-${id}.csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

export function useDownloadBankFile() {
  return useMutation({ mutationFn: downloadBankFile });
}
