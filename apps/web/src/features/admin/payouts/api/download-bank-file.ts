import type { PayoutBatch } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { downloadExport } from '../../common/api/download-export';

/**
 * "Download the bank file": POST /admin/payouts/runs/:id/bank-file gives the run's open batch (or makes one of the
 * payouts to send now), then GET /admin/payouts/batches/:id/csv saves its file (full account numbers; the server
 * audits each download). The same open batch comes back until its answer is recorded.
 */
export async function downloadBankFile(runId: number) {
  const batch = await apiFetch<PayoutBatch>(`/admin/payouts/runs/${runId}/bank-file`, { method: 'POST' });
  const filename = await downloadExport({
    path: `/admin/payouts/batches/${batch.id}/csv`,
    fallbackName: `bank-file-batch-${batch.id}.csv`,
  });
  return { batch, filename };
}

export function useDownloadBankFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadBankFile,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
}
