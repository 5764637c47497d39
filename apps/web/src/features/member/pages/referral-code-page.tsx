import { useMe } from '../api/get-me';
import { useSiteAddress } from '../api/get-site-address';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { SharePanel } from '../components/share-panel';
import { useMemberArea } from '../hooks/use-member-area';

export function ReferralCodePage() {
  const area = useMemberArea();
  const me = useMe(area.programme);
  const site = useSiteAddress();
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
          <QueryState query={site} label="the share link">
            {({ publicUrl, name }) => <SharePanel code={account.referralCode} link={`${publicUrl}${area.paths.signup}?ref=${encodeURIComponent(account.referralCode)}`} siteName={name} />}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}
