import { describe, expect, it } from 'vitest';
import { bankDetailsSchema, cashOutSchema, loginSchema, resetPasswordSchema, signupSchema } from './index';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const goodSignup = {
  fullName: 'Ada Obi',
  email: 'Ada@Example.com',
  phone: '08031234567',
  address: '1 Marina, Lagos',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  referralCode: '',
  acceptTerms: true,
};

describe('shared form schemas', () => {
  it('accepts a good sign-up and normalises it', () => {
    const parsed = signupSchema.parse(goodSignup);
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.referralCode).toBeUndefined();
  });

  it.each([
    [{ fullName: '' }, 'Enter your Full Names'],
    [{ email: '' }, 'Enter an email address'],
    [{ email: 'nope' }, 'Provide a valid email address'],
    [{ phone: '' }, 'Enter Phone number'],
    [{ phone: '0803' }, 'too short'],
    [{ phone: '080312345678' }, 'too long'],
    [{ phone: '0803123456a' }, 'Phone number is not valid'],
    [{ phone: '01234567890' }, 'Phone number is not valid'],
    [{ address: ' ' }, 'Enter a valid address'],
    [{ password: 'short', confirmPassword: 'short' }, 'Enter a password with 8-64 characters'],
    [{ password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) }, 'Enter a password with 8-64 characters'],
    [{ confirmPassword: 'different!' }, 'Passwords must match'],
    [{ acceptTerms: false }, 'You must accept the terms and conditions'],
  ])('refuses a sign-up with %o: %s', (change, message) => {
    expect(firstMessage(signupSchema.safeParse({ ...goodSignup, ...change }))).toBe(message);
  });

  it('refuses unknown keys (no mass assignment)', () => {
    expect(signupSchema.safeParse({ ...goodSignup, role: 'admin' }).success).toBe(false);
  });

  it('gives the login messages', () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'x' }))).toBe(
      'Email address is required',
    );
    expect(firstMessage(loginSchema.safeParse({ email: 'bad', password: 'x' }))).toBe(
      'Invalid email address',
    );
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password is required',
    );
  });

  it('needs the reset token', () => {
    expect(
      firstMessage(resetPasswordSchema.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgh' })),
    ).toBe('This reset link is not valid. Ask for a new one.');
  });

  it('checks bank details', () => {
    const good = { type: 'savings', accountNumber: '0123456789', accountName: 'Ada Obi', bankCode: '058' };
    expect(bankDetailsSchema.safeParse(good).success).toBe(true);
    expect(firstMessage(bankDetailsSchema.safeParse({ ...good, accountNumber: '12345' }))).toBe(
      'Please enter a valid account number',
    );
    expect(firstMessage(bankDetailsSchema.safeParse({ ...good, type: 'other' }))).toBe(
      'Please select the account type',
    );
    expect(firstMessage(bankDetailsSchema.safeParse({ ...good, bankCode: '' }))).toBe(
      'Please select your bank',
    );
  });

  it('turns a typed naira amount into kobo', () => {
    expect(cashOutSchema.parse({ email: 'a@b.co', amount: '50,000.5' }).amount).toBe(5_000_050);
    expect(cashOutSchema.parse({ email: 'a@b.co', amount: 12 }).amount).toBe(1200);
    expect(firstMessage(cashOutSchema.safeParse({ email: 'a@b.co', amount: '0' }))).toBe(
      'Enter an amount greater than zero',
    );
    expect(firstMessage(cashOutSchema.safeParse({ email: 'a@b.co', amount: '-5' }))).toBe(
      'Enter an amount in naira, such as 5000 or 5000.50',
    );
    expect(firstMessage(cashOutSchema.safeParse({ email: 'a@b.co', amount: '1.234' }))).toBe(
      'Enter an amount in naira, such as 5000 or 5000.50',
    );
  });
});

describe('passwords must match', () => {
  it('is said at once, even while another field is still wrong', () => {
    const result = signupSchema.safeParse({ ...goodSignup, fullName: '', confirmPassword: 'different!' });
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('Enter your Full Names');
    expect(messages).toContain('Passwords must match');
  });
});
