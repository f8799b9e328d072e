// The account area's wallet, orders, addresses, picture, sign-in and deletion sections, rendered by
// features/account's page (they load with its lazy route).
import '../extras.css';

export { loadWalletStrings } from '../api/extras-strings';
export { AddressesSection } from './addresses-section';
export { AvatarSection } from './avatar-section';
export { DeactivateSection } from './deactivate-section';
export { OrdersSection } from './orders-section';
export { SecuritySection } from './security-section';
export { WalletSection } from './wallet-section';
