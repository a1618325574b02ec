import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailboxResponseSchema } from '@sikka/contracts';
import { notFound } from '../../domain-error.ts';
import { errors } from '../../http/schemas.ts';
import { localMailbox } from '../../mail/outbox.ts';

const LOOPBACK_CLIENT = /^(127\.|::1$|::ffff:127\.)/;

/**
 * /api/dev/mailbox: the mail the product would have sent, for someone running `npm start` on a
 * laptop with no SMTP server (Mailer.localMailbox), asked from that machine; else 404.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      schema: {
        description:
          'Local mailbox (no SMTP_URL, not production): the mails kept in the outbox, newest first.',
        response: { 200: devMailboxResponseSchema, ...errors(404) },
      },
    },
    async (request) => {
      if (!app.mailer.localMailbox || !LOOPBACK_CLIENT.test(request.ip)) throw notFound();
      return localMailbox(app.db);
    },
  );
};

export default routes;
