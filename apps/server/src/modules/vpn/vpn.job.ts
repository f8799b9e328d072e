import type { Job } from '../../jobs/job-runner';
import type { VpnService } from './vpn.service';

/**
 * Revokes the VPN certificates of members who lost the VPN since (subscription ended, `vpn:disabled`),
 * hourly; their next download or page visit revokes them too, this catches the ones who never come back.
 */
export function vpnRevocationJob(vpn: Pick<VpnService, 'sweepRevocations'>, intervalMs = 3_600_000): Job {
  return {
    name: 'vpn-revocations',
    intervalMs,
    run: async (log) => {
      const revoked = await vpn.sweepRevocations();
      if (revoked > 0) log.info({ revoked }, 'VPN certificates revoked');
    },
  };
}
