import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  NEWSLETTER_RATE_PER_MIN,
  NEWSLETTER_SUBSCRIBED,
  newsletterRequestSchema,
} from '@sikka/contracts';
import { errors } from '../../http/schemas.ts';
import { subscribeToNewsletter } from '../../newsletter/subscriptions.ts';

/** /api/newsletter: the footer's subscription box. Public, rate-limited per address. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      schema: {
        description:
          'Subscribes an e-mail address to the newsletter. Subscribing again changes nothing; the answer is the same.',
        body: newsletterRequestSchema,
        response: { 200: messageResponseSchema, ...errors() },
      },
      config: { rateLimit: { max: NEWSLETTER_RATE_PER_MIN, timeWindow: 60_000 } },
    },
    async (request) => {
      const added = await subscribeToNewsletter(app.db, request.body.email, app.clock());
      request.log.info({ added }, 'newsletter subscription');
      return { message: NEWSLETTER_SUBSCRIBED };
    },
  );
};

export default routes;
