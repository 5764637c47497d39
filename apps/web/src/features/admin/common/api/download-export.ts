import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client';

/** Saves a CSV the API streams (members, payments, journal, a payout run); the server audits each export. */
export async function downloadExport({ path, fallbackName }: { path: string; fallbackName: string }) {
  const { blob, filename } = await apiDownload(path, fallbackName);
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

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
