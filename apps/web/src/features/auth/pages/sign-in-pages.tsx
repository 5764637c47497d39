import type { Programme } from '@coop/core';
import { AuthCard, AuthLink } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { programmeScreens, type ProgrammeScreens } from '../programmes';

function ProgrammeSignIn({ screens, area }: { screens: ProgrammeScreens; area: Programme }) {
  return (
    <AuthCard
      title={screens.loginTitle}
      footer={
        <>
          <p>
            New here? <AuthLink to={screens.paths.signup}>Register</AuthLink>
          </p>
          <p>
            <AuthLink to={screens.paths.forgot}>Forgot Password</AuthLink>
          </p>
          <p>
            {area === 'main' ? 'Welcome Back participant? ' : 'Main member? '}
            <AuthLink to={programmeScreens[area === 'main' ? 'welcomeback' : 'main'].paths.signin}>
              {area === 'main' ? 'Welcome Back login' : 'Main login'}
            </AuthLink>
          </p>
        </>
      }
    >
      <SignInForm
        area={area}
        call={screens.calls.login}
        destination={screens.paths.dashboard}
        programme={screens.programme}
      />
    </AuthCard>
  );
}

export function MainSignInPage() {
  return <ProgrammeSignIn screens={programmeScreens.main} area="main" />;
}

export function WelcomeBackSignInPage() {
  return <ProgrammeSignIn screens={programmeScreens.welcomeback} area="welcomeback" />;
}

export function AdminSignInPage() {
  return (
    <AuthCard title="Admin Login" intro="For administrators of the platform.">
      <SignInForm
        area="admin"
        call="/admin/adminLogin"
        destination="/admindashboard"
        programme="main"
        successTitle="Login Successful!"
      />
    </AuthCard>
  );
}
