import nodemailer from 'nodemailer';

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends a mail; rejects when the server refused it. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

/**
 * SMTP delivery with nodemailer when `SMTP_URL` is set (smtp://user:pass@host:587 or smtps://...);
 * null otherwise, and mail then stays in the outbox only (the development mail viewer reads it).
 */
export function createSmtpMailer(smtpUrl: string | null, from: string): SendMail | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}
