import { AdminPageTitle } from '../../common/components/admin-page-title';
import { AdministratorList } from '../components/administrator-list';
import { InviteAdministrator } from '../components/invite-administrator';

/**
 * Make User Admin (spec 2.7), as decision 0038 has it: administrators are invited people with their own accounts,
 * never member accounts switched over; the list shows each one and the removal that waits for them.
 */
export function MakeAdminPage() {
  return (
    <>
      <AdminPageTitle lead="An administrator can see every member and record cash payouts: give this role with care. Administrators are invited by mail and sign in at /admin with their own password and a two-factor code; a member account is never made an administrator.">
        Make User Admin
      </AdminPageTitle>
      <div className="max-w-xl space-y-6">
        <InviteAdministrator />
        <AdministratorList />
      </div>
    </>
  );
}
