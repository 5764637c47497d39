import { signupSchema, termsPath, type SignupInput } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CheckboxField,
  errorMessage,
  SubmitButton,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../components/form';
import { useCurrentPlan } from '../../../lib/plans-context';
import { signUp } from '../api/sign-up';
import type { ProgrammeScreens } from '../programmes';

/** Both programmes' registration form; a share link's `?ref=CODE` fills in the referral code. */
export function SignUpForm({ screens }: { screens: ProgrammeScreens }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sharedCode = params.get('ref')?.slice(0, 16) ?? '';
  const form = useZodForm(signupSchema, {
    fullName: '',
    email: '',
    phone: '',
    address: '',
    password: '',
    confirmPassword: '',
    referralCode: sharedCode,
  });
  // The terms shown are the version in force when the page was drawn; the server refuses them if a newer one applies.
  const termsVersion = useCurrentPlan(screens.programme).version;
  const register = useMutation({
    mutationFn: (values: SignupInput) => signUp(screens.calls.signup, { ...values, termsVersion }),
  });
  const popup = useResultDialog();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await register.mutateAsync(values);
      popup.done({ message: answer.message }, () =>
        navigate(screens.paths.success, { state: { email: values.email } }),
      );
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Full Names"
        autoComplete="name"
        error={errors.fullName}
        {...form.register('fullName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        {...form.register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="08031234567"
        error={errors.phone}
        {...form.register('phone')}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address}
        {...form.register('address')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="8 to 64 characters."
        error={errors.password}
        {...form.register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      {/* defaultValue too, so the code is already in the server's HTML before the page runs. */}
      <TextField
        label="Referral Code (optional)"
        autoCapitalize="characters"
        defaultValue={sharedCode}
        error={errors.referralCode}
        {...form.register('referralCode')}
      />
      <CheckboxField
        label={
          <>
            I have read and accept the{' '}
            <Link
              to={termsPath(screens.programme, termsVersion)}
              target="_blank"
              className="font-semibold text-brand-800 underline"
              data-terms-version={termsVersion}
            >
              terms and conditions (version {termsVersion})
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" target="_blank" className="font-semibold text-brand-800 underline">
              privacy notice
            </Link>
          </>
        }
        error={errors.acceptTerms}
        {...form.register('acceptTerms')}
      />
      <SubmitButton pending={register.isPending} pendingLabel="Registering">
        Register
      </SubmitButton>
      {popup.dialog}
    </form>
  );
}
