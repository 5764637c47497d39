/** The shared form kit: one way to build every form (react-hook-form + the shared zod schemas). */
export { useZodForm } from './use-zod-form';
export { TextField } from './text-field';
export { TextAreaField } from './text-area-field';
export { SelectField } from './select-field';
export { CheckboxField } from './checkbox-field';
export { SubmitButton } from './submit-button';
export { FormMessage } from './form-message';
export { useResultDialog } from './use-result-dialog';
export { errorCode, errorMessage } from './error-message';
export { ConfirmButtons } from './confirm-buttons';
