import type { AdminCommand } from './admin-command';
import { brandAdminCommands } from '../modules/brands/brands.admin';
import { impactAdminCommands } from '../modules/impacts/impacts.admin';

/**
 * Every operator command, by module. A feature adds its own list (`modules/<m>/<m>.admin.ts`) here.
 */
export const adminCommands: readonly AdminCommand[] = [...brandAdminCommands, ...impactAdminCommands];
