import type { Programme } from '@coop/core';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiFetch } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The parts of GET /me/data the screen shows; the download holds all of it. */
export interface MyData {
  generatedAt: string;
  profile: {
    fullName: string;
    email: string;
    phone: string;
    address: string;
    referralCode: string;
    signedUpAt: string | null;
  };
  bankDetails: { bankName: string; accountNumber: string; accountName: string; verified: boolean } | null;
  positions: unknown[];
  walletLines: unknown[];
  payments: unknown[];
  payouts: unknown[];
  awards: unknown[];
  notifications: unknown[];
  mails: unknown[];
  /** `device` is the browser in words ("Chrome on Android"); `browser` the raw string we hold. */
  signupOrigins: { address: string; browser: string; device: string; at: string | null }[];
  sessions: unknown[];
  consents: {
    /** The plan version whose terms were accepted at sign-up, and that version's terms page (decision 0060). */
    termsVersion?: number | null;
    termsAddress?: string | null;
    termsAcceptedAt: string | null;
    privacyNoticeVersion?: string | null;
    privacyNoticeAcceptedAt?: string | null;
  };
}

export const myDataQuery = (programme: Programme) =>
  queryOptions({
    queryKey: ['me', 'data', programme],
    queryFn: () => apiFetch<MyData>(`/me/data?programme=${programme}`),
  });

export const useMyData = (programme: Programme) => useQuery(myDataQuery(programme));

/** Saves the zip (one JSON file and a CSV per list) the API makes of the same data. */
async function downloadMyData(programme: Programme) {
  const { blob, filename } = await apiDownload(
    `/me/data/download?programme=${programme}`,
    `my-data-${programme}.zip`,
  );
  // A long history is built in the background: the answer is then a message (202), and the link comes by mail.
  if (blob.type.startsWith('application/json'))
    return { mailed: true, message: (JSON.parse(await blob.text()) as { message: string }).message };
  saveFile(blob, filename);
  return { mailed: false, message: `Saved ${filename}.` };
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });
