import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { programmeScreens, type ProgrammeScreens } from '../programmes';

function PasswordChanged({ screens }: { screens: ProgrammeScreens }) {
  return (
    <Notice title="Password changed" actions={<ButtonLink to={screens.paths.signin}>Login</ButtonLink>}>
      <p>Your password has been changed. You can now log in to the {screens.name} with your new password.</p>
    </Notice>
  );
}

export function MainResetDonePage() {
  return <PasswordChanged screens={programmeScreens.main} />;
}

export function WelcomeBackResetDonePage() {
  return <PasswordChanged screens={programmeScreens.welcomeback} />;
}
