import { z } from 'zod';

const naira = z.string().describe('naira, as a decimal string');

export const userListItemSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  referralCode: z.string(),
  role: z.enum(['user', 'admin']),
  accountStatus: z.string(),
  emailConfirmed: z.boolean(),
  paid: z.boolean(),
  stage: z.number().nullable(),
  status: z.string(),
  createdAt: z.string(),
});

export const userListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const shared = {
  fullName: z.string(),
  email: z.string(),
  referralCode: z.string(),
  address: z.string(),
  phone: z.string(),
  status: z.string(),
  stage: z.number(),
  paid: z.boolean(),
  wallet: naira,
  graduatingBonus: naira,
  referralCount: z.number(),
  referralNode: z.number(),
  transaction_counts: z.number(),
};

/** The spec's 3.3 "Main user as seen by an admin", plus level, wallet and whether the fee is paid. */
export const adminMainUserSchema = z.object({
  ...shared,
  car_award: naira,
  earnedBonus: naira,
  housing_award: naira,
  laptop_award_or_equivalent: naira,
  mbbpil_social_club: naira,
  suv_award: naira,
});

/** The spec's 3.3 Welcome Back fields. */
export const adminWelcomeBackUserSchema = z.object({
  ...shared,
  Award: naira,
  laptopAward: naira,
  matrixBonus: naira,
  thankYouBonus: naira,
});

export const emailParams = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });
export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });

const page = { page: z.number(), pageSize: z.number(), total: z.number() };
export const mainUserListSchema = z.object({ ...page, mainUsers: z.array(userListItemSchema) });
export const welcomeBackUserListSchema = z.object({ ...page, welcomeBackUsers: z.array(userListItemSchema) });
