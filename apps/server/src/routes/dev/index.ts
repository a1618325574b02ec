import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailboxResponseSchema } from '@sikka/contracts';
import { notFound } from '../../domain-error.ts';
import { errors } from '../../http/schemas.ts';
import { localMailbox } from '../../mail/outbox.ts';

const LOOPBACK_CLIENT = /^(127\.|::1$|::ffff:127\.)/;

/**
 * /api/dev/mailbox: the mail the product would have sent, for someone running `npm start` on a
 * laptop with no SMTP server (Mailer.localMailbox), asked from that machine; else 404.
 *
 * "That machine" is the TCP peer, never `request.ip`: with TRUST_PROXY that comes from
 * X-Forwarded-For, which the client writes. With a trusted proxy configured the mailbox stays
 * shut even for a loopback peer, since a proxy on this host connects from loopback on behalf
 * of anyone (ADR 038).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const behindProxy = app.config.TRUST_PROXY !== false;
  if (behindProxy && app.mailer.localMailbox) {
    app.log.info('the local mailbox (/api/dev/mailbox) is off: TRUST_PROXY is set');
  }
  app.get(
    '/mailbox',
    {
      schema: {
        description:
          'Local mailbox (no SMTP_URL, not production, no TRUST_PROXY, asked from loopback): the mails kept in the outbox, newest first.',
        response: { 200: devMailboxResponseSchema, ...errors(404) },
      },
    },
    async (request) => {
      const peer = request.raw.socket.remoteAddress ?? '';
      if (!app.mailer.localMailbox || behindProxy || !LOOPBACK_CLIENT.test(peer)) throw notFound();
      return localMailbox(app.db);
    },
  );
};

export default routes;
