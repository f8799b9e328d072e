// What the account area shows of billing (features/billing), in one import.
import '../billing.css';

export { MembershipBilling } from './membership-billing';
export { PaymentMethodsSection } from './payment-methods-section';
export { PaymentReturn } from './payment-return';
