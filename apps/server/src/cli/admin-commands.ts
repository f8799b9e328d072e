import type { AdminCommand } from './admin-command';
import { brandAdminCommands } from '../modules/brands/brands.admin';
import { memberAdminCommands } from '../modules/members/members.admin';
import { planAdminCommands } from '../modules/plans/plans.admin';
import { catalogAdminCommands } from '../modules/catalog/catalog.admin';
import { sweepAdminCommands } from '../modules/sweeps/sweeps.admin';
import { marketplaceAdminCommands } from '../modules/marketplace/marketplace.admin';
import { vpnAdminCommands } from '../modules/vpn/vpn.admin';
import { supportAdminCommands } from '../modules/support/support.admin';
import { impactAdminCommands } from '../modules/impacts/impacts.admin';
import { paymentsAdminCommands } from '../modules/payments/payments.admin';
import { databaseAdminCommands } from './database.admin';

/**
 * Every operator command, by module. A feature adds its own list (`modules/<m>/<m>.admin.ts`) here.
 */
export const adminCommands: readonly AdminCommand[] = [
  ...brandAdminCommands,
  ...memberAdminCommands,
  ...planAdminCommands,
  ...catalogAdminCommands,
  ...sweepAdminCommands,
  ...marketplaceAdminCommands,
  ...vpnAdminCommands,
  ...supportAdminCommands,
  ...impactAdminCommands,
  ...paymentsAdminCommands,
  ...databaseAdminCommands,
];
