import { useSearchParams } from 'react-router';
import { FormMessage } from '../../../components/form';
import { AuthCard, AuthLink } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';
import { programmeScreens, type ProgrammeScreens } from '../programmes';

/** Opened from the mailed link `...resetpassword?token=...`; without a token there is nothing to reset. */
function ProgrammeResetPassword({ screens }: { screens: ProgrammeScreens }) {
  const token = useSearchParams()[0].get('token');
  return (
    <AuthCard
      title={screens.resetTitle}
      footer={
        <p>
          <AuthLink to={screens.paths.forgot}>Ask for a new reset link</AuthLink>
        </p>
      }
    >
      {token ? (
        <ResetPasswordForm screens={screens} token={token} />
      ) : (
        <FormMessage
          tone="error"
          message="This page needs the link from your password-reset email. Open the link in the email, or ask for a new one."
        />
      )}
    </AuthCard>
  );
}

export function MainResetPasswordPage() {
  return <ProgrammeResetPassword screens={programmeScreens.main} />;
}

export function WelcomeBackResetPasswordPage() {
  return <ProgrammeResetPassword screens={programmeScreens.welcomeback} />;
}
