import { AuthCard, AuthLink } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { programmeScreens, type ProgrammeScreens } from '../programmes';

function ProgrammeForgotPassword({ screens }: { screens: ProgrammeScreens }) {
  return (
    <AuthCard
      title="Forgot your password?"
      intro={`Enter the email address of your ${screens.name} account and we will send you a link to reset your password.`}
      footer={
        <p>
          Remembered it? <AuthLink to={screens.paths.signin}>Login</AuthLink>
        </p>
      }
    >
      <ForgotPasswordForm call={screens.calls.forgot} />
    </AuthCard>
  );
}

export function MainForgotPasswordPage() {
  return <ProgrammeForgotPassword screens={programmeScreens.main} />;
}

export function WelcomeBackForgotPasswordPage() {
  return <ProgrammeForgotPassword screens={programmeScreens.welcomeback} />;
}
