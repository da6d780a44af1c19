import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies, MessageReply } from '../../../../core/contracts/http/common';

/** Razorpay's deliveries are a few KB; this leaves room without inviting abuse. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const REPLY_MESSAGE = { queued: 'Event received', duplicate: 'Event already received', ignored: 'Event received' } as const;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * POST /api/payments/razorpay/webhook. The signature covers the exact bytes Razorpay sent, so in this plugin (and
 * only here: content-type parsers are encapsulated) JSON bodies are kept as the raw string; the service verifies
 * it and parses it afterwards. No session and no Origin check (security.ts exempts this path): the signature is
 * the authentication. 401 for a bad signature with nothing stored; 200 for a replay.
 */
export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.services;

  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post('/razorpay/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { response: { 200: MessageReply, ...ErrorReplies } } }, async (request) => {
    const outcome = await payments.receiveWebhook({
      rawBody: typeof request.body === 'string' ? request.body : '',
      signature: header(request.headers['x-razorpay-signature']),
      eventId: header(request.headers['x-razorpay-event-id']),
    });
    request.log.info({ eventId: request.headers['x-razorpay-event-id'], outcome }, 'razorpay webhook');
    return { success: true as const, message: REPLY_MESSAGE[outcome] };
  });
}
