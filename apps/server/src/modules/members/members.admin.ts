import { type AdminCommand, optionalOption, requiredOption } from '../../cli/admin-command';

const tagsOf = (value: string) => value.split(',');

/** The operator's member commands. */
export const memberAdminCommands: AdminCommand[] = [
  {
    name: 'member:find',
    summary: "Find a brand's members by part of their email or name",
    usage: '--brand <slug> <text> [--limit <n>] [--json]',
    options: { brand: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
    positionals: true,
    run: async ({ services, out }, args) => {
      const found = await services.membersOperator.find(
        requiredOption(args, 'brand'),
        args.positionals.join(' '),
        Number(optionalOption(args, 'limit') ?? 50) || 50,
      );
      if (args.values.json === true) out.line(JSON.stringify(found, null, 2));
      else
        for (const m of found) {
          const state = m.deactivatedAt
            ? `  DEACTIVATED ${m.deactivatedAt} (${m.deactivationReason ?? ''})`
            : '';
          out.line(`#${String(m.id)}  ${m.email}  ${m.name}  [${m.tags.join(', ')}]${state}`);
        }
      return 0;
    },
  },
  {
    name: 'member:tag',
    summary: 'Add tags to a member',
    usage: '--brand <slug> --email <email> --tags a,b',
    options: { brand: { type: 'string' }, email: { type: 'string' }, tags: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const member = await services.membersOperator.tag(
        requiredOption(args, 'brand'),
        requiredOption(args, 'email'),
        tagsOf(requiredOption(args, 'tags')),
      );
      out.line(`${member.email}: [${member.tags.join(', ')}]`);
      return 0;
    },
  },
  {
    name: 'member:untag',
    summary: 'Remove tags from a member',
    usage: '--brand <slug> --email <email> --tags a,b',
    options: { brand: { type: 'string' }, email: { type: 'string' }, tags: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const member = await services.membersOperator.untag(
        requiredOption(args, 'brand'),
        requiredOption(args, 'email'),
        tagsOf(requiredOption(args, 'tags')),
      );
      out.line(`${member.email}: [${member.tags.join(', ')}]`);
      return 0;
    },
  },
  {
    name: 'member:reset-password',
    summary: "Give a member a new random password (printed once) and end all the member's sessions",
    usage: '--brand <slug> --email <email>',
    options: { brand: { type: 'string' }, email: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const email = requiredOption(args, 'email');
      const reset = await services.membersOperator.resetPassword(requiredOption(args, 'brand'), email);
      out.line(`new password for ${email}: ${reset.password}`);
      out.error(`${String(reset.sessionsEnded)} session(s) ended`);
      return 0;
    },
  },
  {
    name: 'member:deactivate',
    summary: 'Deactivate a member: no sign-in, every session ended, subscriptions canceled (reversible)',
    usage: '--brand <slug> --email <email> --reason <text>',
    options: { brand: { type: 'string' }, email: { type: 'string' }, reason: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const email = requiredOption(args, 'email');
      const done = await services.membersOperator.deactivate(
        requiredOption(args, 'brand'),
        email,
        requiredOption(args, 'reason'),
      );
      out.line(
        `${email} deactivated: ${String(done.sessionsEnded)} session(s) ended, ` +
          `${String(done.subscriptionsCanceled)} subscription(s) canceled at the end of the paid period`,
      );
      return 0;
    },
  },
  {
    name: 'member:reactivate',
    summary: 'Lift a deactivation: the member may sign in again (canceled subscriptions stay canceled)',
    usage: '--brand <slug> --email <email>',
    options: { brand: { type: 'string' }, email: { type: 'string' } },
    run: async ({ services, out }, args) => {
      const email = requiredOption(args, 'email');
      await services.membersOperator.reactivate(requiredOption(args, 'brand'), email);
      out.line(`${email} reactivated`);
      return 0;
    },
  },
];
