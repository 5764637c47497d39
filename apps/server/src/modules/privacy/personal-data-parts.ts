import type { PersonalDataPart } from '../../lib/personal-data';
import { accountsPersonalData } from '../accounts/personal-data';
import { approvalsPersonalData } from '../approvals/personal-data';
import { auditPersonalData } from '../audit/personal-data';
import { authPersonalData } from '../auth/personal-data';
import { bankDetailsPersonalData } from '../bank-details/personal-data';
import { cashOutsPersonalData } from '../cash-outs/personal-data';
import { contactPersonalData } from '../contact/personal-data';
import { enginePersonalData } from '../engine/personal-data';
import { grantsPersonalData } from '../grants/personal-data';
import { ledgerPersonalData } from '../ledger/personal-data';
import { memberPersonalData } from '../member/personal-data';
import { memberReviewPersonalData } from '../member-review/personal-data';
import { notificationsPersonalData } from '../notifications/personal-data';
import { paymentsPersonalData } from '../payments/personal-data';
import { payoutsPersonalData } from '../payouts/personal-data';
import { sessionsPersonalData } from '../sessions/personal-data';
import { twoFactorPersonalData } from '../two-factor/personal-data';
import { mailOutboxPersonalData } from '../../adapters/mail/personal-data';
import { rateLimitPersonalData } from '../../plugins/rate-limit-personal-data';
import { privacyPersonalData } from './personal-data';

/**
 * Every module's part of a member's personal data (decision 0048), asked in this order. The holds come first as the
 * operator reads them (money owed, then what is open, the legal hold last); the erasure needs no order among the
 * parts but one: the account itself goes last, since every other part finds the member's rows through it.
 */
export const personalDataParts: readonly PersonalDataPart[] = [
  ledgerPersonalData,
  payoutsPersonalData,
  enginePersonalData,
  approvalsPersonalData,
  grantsPersonalData,
  memberReviewPersonalData,
  contactPersonalData,
  auditPersonalData,
  memberPersonalData,
  paymentsPersonalData,
  cashOutsPersonalData,
  bankDetailsPersonalData,
  notificationsPersonalData,
  mailOutboxPersonalData,
  authPersonalData,
  sessionsPersonalData,
  twoFactorPersonalData,
  rateLimitPersonalData,
  privacyPersonalData,
  accountsPersonalData,
];
