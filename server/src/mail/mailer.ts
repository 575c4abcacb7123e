import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True once the mail server accepted the message; false when none is configured or it failed. */
  send(mail: Mail): Promise<boolean>;
  close(): void;
}

/** Outgoing mail through SMTP_URL; without it, nothing is sent and the caller shows the link instead. */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  let transport: Transporter | undefined;
  return {
    async send(mail) {
      if (!config.smtpUrl) return false;
      transport ??= nodemailer.createTransport(config.smtpUrl);
      try {
        await transport.sendMail({ from: config.from, ...mail });
        return true;
      } catch (error) {
        log.warn({ err: error, subject: mail.subject }, 'sending mail failed');
        return false;
      }
    },
    close() {
      transport?.close();
    },
  };
}
