import { type AdminCommand, optionalOption } from '../../cli/admin-command';
import { AppError } from '../../errors';

/** The operator's payment commands: refunds the provider has not accepted (docs/decisions/038). */
export const paymentsAdminCommands: AdminCommand[] = [
  {
    name: 'payments:refunds',
    summary: 'List refunds the provider has not accepted yet or that failed, or send one again',
    usage: '[--retry <refund id>] [--json]',
    options: { retry: { type: 'string' }, json: { type: 'boolean' } },
    run: async ({ services, out }, args) => {
      const retry = optionalOption(args, 'retry');
      if (retry) {
        try {
          const status = await services.payments.retryRefund(retry);
          out.line(`${retry} ${status}`);
          return status === 'succeeded' ? 0 : 2;
        } catch (error) {
          if (error instanceof AppError) {
            out.error(error.message);
            return 2;
          }
          throw error;
        }
      }
      // Pending (not accepted yet) and failed (accepted, then not returned: refund.failed) refunds.
      const waiting = await services.payments.listRefunds();
      const rows = waiting.map((refund) => ({
        id: refund.id,
        status: refund.status,
        brandId: refund.brand_id,
        memberId: refund.member_id,
        paymentId: refund.payment_id,
        amountMinor: refund.amount_minor,
        currency: refund.currency,
        reason: refund.reason,
        key: refund.idempotency_key,
        attempts: refund.attempts,
        resends: refund.resends,
        lastError: refund.last_error,
        createdAt: refund.created_at,
      }));
      if (args.values.json === true) {
        out.line(JSON.stringify(rows, null, 2));
        return 0;
      }
      if (rows.length === 0) out.line('no pending or failed refunds');
      for (const row of rows) {
        out.line(
          `${row.id} ${row.status} ${row.key} ${String(row.amountMinor)} ${row.currency} attempts ${String(row.attempts)} ${row.lastError ?? ''}`.trim(),
        );
      }
      return 0;
    },
  },
];
