import { formatNaira } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import { AuthCard, AuthLink } from '../components/auth-card';
import { SignUpForm } from '../components/sign-up-form';
import { programmeScreens, type ProgrammeScreens } from '../programmes';

function ProgrammeSignUp({ screens }: { screens: ProgrammeScreens }) {
  const fee = formatNaira(useCurrentPlan(screens.programme).feeKobo);
  return (
    <AuthCard
      title={`${screens.name} Registration`}
      intro={`Registration is free; the one-time fee of ${fee} is paid after you confirm your email and log in.`}
      footer={
        <p>
          Already registered? <AuthLink to={screens.paths.signin}>Login</AuthLink>
        </p>
      }
    >
      <SignUpForm screens={screens} />
    </AuthCard>
  );
}

export function MainSignUpPage() {
  return <ProgrammeSignUp screens={programmeScreens.main} />;
}

export function WelcomeBackSignUpPage() {
  return <ProgrammeSignUp screens={programmeScreens.welcomeback} />;
}
