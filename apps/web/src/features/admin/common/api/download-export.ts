import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';

/** Saves a CSV the API streams (members, payments, journal, a payout run); the server audits each export. */
export async function downloadExport({ path, fallbackName }: { path: string; fallbackName: string }) {
  const { blob, filename } = await apiDownload(path, fallbackName);
  saveFile(blob, filename);
  return filename;
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
