import { useMe } from '../api/get-me';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { useSite } from '../../../lib/site-context';
import { SharePanel } from '../components/share-panel';
import { useMemberArea } from '../hooks/use-member-area';

export function ReferralCodePage() {
  const area = useMemberArea();
  const me = useMe(area.programme);
  const site = useSite();
  return (
    <>
      <MemberPageTitle
        title="Referral code"
        lead={
          me.data
            ? `Hello ${me.data.fullName}. Share your code: each person who registers and pays with it joins your matrix${me.data.paid ? ' and earns you a referral bonus' : ''}.`
            : undefined
        }
      />
      <QueryState query={me} label="your referral code">
        {(account) => (
          <SharePanel
            code={account.referralCode}
            link={`${site.publicUrl}${area.paths.signup}?ref=${encodeURIComponent(account.referralCode)}`}
            siteName={site.name}
          />
        )}
      </QueryState>
    </>
  );
}
