import { MemberLayout } from '../components/member-layout';
import { memberAreas } from '../member-area';

/** The two programmes' member layouts, as route components. */
export function MainMemberLayout() {
  return <MemberLayout area={memberAreas.main} />;
}

export function WelcomeBackMemberLayout() {
  return <MemberLayout area={memberAreas.welcomeback} />;
}
