import { formatNaira } from '@coop/core';
import { Link, useLocation } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { useCurrentPlan } from '../../../lib/plans-context';
import { programmeScreens, type ProgrammeScreens } from '../programmes';

/** The email-confirmation notice after a registration: check your email, then log in and pay. */
function RegistrationSuccess({ screens }: { screens: ProgrammeScreens }) {
  const state: unknown = useLocation().state;
  const email =
    state && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
      ? state.email
      : null;
  // The fee of the version in force: the one the checkout will ask for.
  const fee = formatNaira(useCurrentPlan(screens.programme).feeKobo);
  return (
    <Notice title="Registration is Successful" tone="info">
      <p>
        Check your email{email ? ` (${email})` : ''}: we sent you a link to confirm your address. Open it,
        then log in and pay the one-time fee of {fee} to become a member.
      </p>
      <p>No email after a few minutes? Look in your spam folder, or log in and ask for a new link.</p>
      <p className="pt-3">
        <Link to={screens.paths.signin} className="text-lg font-semibold text-brand-800 underline">
          Click Here to Login
        </Link>
      </p>
    </Notice>
  );
}

export function MainRegistrationSuccessPage() {
  return <RegistrationSuccess screens={programmeScreens.main} />;
}

export function WelcomeBackRegistrationSuccessPage() {
  return <RegistrationSuccess screens={programmeScreens.welcomeback} />;
}
