import { z } from 'zod';
import { emailField, requiredText } from './fields';

// Its own module: the public contact page loads this form's schema, not those of the member area's forms.
/** POST /auth/sendContact */
export const contactSchema = z.strictObject({
  name: requiredText('Enter your name', 100),
  email: emailField({ required: 'Enter an email address', invalid: 'Enter a valid email address' }),
  message: requiredText('Enter a message', 2000, { multiLine: true }),
});
export type ContactInput = z.input<typeof contactSchema>;
