import { AdminPageTitle } from '../../common/components/admin-page-title';
import { BreachRegister } from '../components/breach-register';
import { RequestsRegister } from '../components/requests-register';

/** The operator's registers under the Nigeria Data Protection Act: members' requests and breaches (decision 0030). */
export function RegistersPage() {
  return (
    <>
      <AdminPageTitle lead="What the Act asks the operator to be able to show: each member’s request and when it was answered, and each breach and when the Commission and the members were told.">
        Privacy Registers
      </AdminPageTitle>
      <div className="space-y-10">
        <RequestsRegister />
        <BreachRegister />
      </div>
    </>
  );
}
