import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailboxResponseSchema } from '@sikka/contracts';
import { notFound } from '../../domain-error.ts';
import { errorResponses } from '../../http/schemas.ts';
import { localMailbox } from '../../mail/outbox.ts';

/**
 * /api/dev/mailbox: the mail the product would have sent, for someone running `npm start` on a
 * laptop with no SMTP server. Only without SMTP_URL and outside production; else 404.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      schema: {
        description:
          'Local mailbox (no SMTP_URL, not production): the mails kept in the outbox, newest first.',
        response: { 200: devMailboxResponseSchema, ...errorResponses },
      },
    },
    async () => {
      if (!app.mailer.localMailbox) throw notFound();
      return localMailbox(app.db);
    },
  );
};

export default routes;
