import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AddAddressBody, AddressesReply, AddressReply, UpdateAddressBody } from '../../../../core/contracts/http/addresses';
import { ErrorReplies, IdParams, MessageReply } from '../../../../core/contracts/http/common';

/** The shopper's saved addresses. Another user's address id answers 404, exactly like an unknown one. */
export default async function addressRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { addresses } = app.services;
  app.addHook('onRequest', app.requireUser);

  app.get('/get', { schema: { response: { 200: AddressesReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, addresses: await addresses.list(request.userId) };
  });

  // The client also sends userId; it is accepted and ignored.
  app.post('/add', { schema: { body: AddAddressBody, response: { 201: AddressReply, ...ErrorReplies } } }, async (request, reply) => {
    const address = await addresses.add(request.userId, request.body.address);
    return reply.code(201).send({ success: true as const, message: 'Address added', address });
  });

  app.put('/update/:id', { schema: { params: IdParams, body: UpdateAddressBody, response: { 200: AddressReply, ...ErrorReplies } } }, async (request) => {
    const address = await addresses.update(request.userId, request.params.id, request.body.address);
    return { success: true as const, message: 'Address updated', address };
  });

  app.delete('/:id', { schema: { params: IdParams, response: { 200: MessageReply, ...ErrorReplies } } }, async (request) => {
    await addresses.remove(request.userId, request.params.id);
    return { success: true as const, message: 'Address deleted' };
  });
}
