import { generateSecret, generateURI, verify } from 'otplib';

/**
 * RFC 6238 codes (30-second steps, 6 digits) through otplib. A code of the step before or after is accepted, for
 * phones whose clock is a little off; a step at or before the last accepted one is a replay and is refused.
 */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (input: { issuer: string; email: string; secret: string }) =>
  generateURI({ issuer: input.issuer, label: input.email, secret: input.secret });

/** The time step the code belongs to, or null when it is wrong or not newer than `afterTimeStep`. */
export async function acceptedTimeStep(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  // otplib's functional verify answers for HOTP or TOTP; a TOTP match carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
