import { emailField } from '@coop/core/contracts';
import { z } from 'zod';

/** The user look-up form (spec 2.7: an email input), with the shared email rule. */
export const userLookupSchema = z.strictObject({
  email: emailField({
    required: 'Enter the email of the user to look up',
    invalid: 'Enter a valid email address',
  }),
});
