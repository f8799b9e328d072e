import { isoNow } from '../../db/json';
import type { DbExecutor } from '../../db/transaction';
import type { MailRepository, MemberMail } from './mail.repository';
import type { SendMail } from './mail.smtp';

export interface MailServiceDeps {
  repository: MailRepository;
  /** SMTP delivery when configured; mail always goes to the outbox first. */
  sendMail: SendMail | null;
  /** Called when SMTP delivery fails (logged; the outbox row keeps the error). */
  onMailError?: (error: unknown) => void;
  now?: () => Date;
}

/** The outbox and its delivery, for every module that mails members (recovery, account notices). */
export function createMailService({
  repository,
  sendMail,
  onMailError = () => undefined,
  now = () => new Date(),
}: MailServiceDeps) {
  /** Sends a mail already in the outbox over SMTP, when configured, without holding up the request. */
  function send(id: number, mail: Pick<MemberMail, 'to' | 'subject' | 'text'>) {
    if (!sendMail) return;
    void sendMail(mail).then(
      () => repository.markMailSent(id, isoNow(now())),
      async (error: unknown) => {
        onMailError(error);
        await repository.markMailFailed(id, error instanceof Error ? error.message : String(error));
      },
    );
  }

  /** Writes the mail to the outbox and sends it. */
  async function deliver(mail: MemberMail) {
    const id = await repository.insertMail({ ...mail, at: isoNow(now()) });
    send(id, mail);
  }

  /**
   * Writes the mail to the outbox in the caller's transaction (with the change the mail is about, so
   * both commit or neither); the caller sends it with `send` once that transaction has committed.
   */
  function enqueue(mail: MemberMail, within: DbExecutor): Promise<number> {
    return repository.insertMail({ ...mail, at: isoNow(now()) }, within);
  }

  return {
    send,
    deliver,
    enqueue,
    /** The brand's latest mails, newest first, for the development mail viewer. */
    listOutbox: (brandId: number) => repository.listOutbox(brandId, 50),
  };
}

export type MailService = ReturnType<typeof createMailService>;
