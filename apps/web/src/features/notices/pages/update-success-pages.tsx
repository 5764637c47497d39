import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';

/** Shown after a member saves bank details (the member area navigates here). */
export function MainUpdateSuccessPage() {
  return (
    <Notice title="Bank details saved" actions={<ButtonLink to="/maindashboard">Go to dashboard</ButtonLink>}>
      <p>
        Your bank details were successfully updated. Your monthly bonuses will be paid into this account once
        it is verified.
      </p>
    </Notice>
  );
}

export function WelcomeBackUpdateSuccessPage() {
  return (
    <Notice
      title="Bank details saved"
      actions={<ButtonLink to="/welcomebackdashboard">GO TO DASHBOARD</ButtonLink>}
    >
      <p>
        Your bank details were successfully updated. Your monthly bonuses will be paid into this account once
        it is verified.
      </p>
    </Notice>
  );
}
