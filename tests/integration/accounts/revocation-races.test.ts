import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../core/modules/accounts/session-service';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { openSocket, sellerWithSession, userWithSession } from '../../helpers/live-helpers';

/**
 * A revocation that reaches a process while a read of that session, or a socket's identification, is on its way: the
 * read began before the revocation committed, so it finds the session live. Neither may bring the session back.
 */
describe('revocations that arrive while a session is being read', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await buildTestContext();
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await ctx.app.live.subscribed;
  });
  afterAll(() => ctx.close());

  const sessionIdOf = async (token: string) => (await ctx.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).id;

  it('a read already on its way is neither believed nor remembered', async () => {
    const owner = await userWithSession(ctx);
    const sessionId = await sessionIdOf(owner.token);
    const reading = ctx.services.sessions.resolve(owner.token);
    // The revocation channel's message, heard before the read's answer comes back.
    ctx.services.sessions.forgetRevoked([sessionId]);
    expect(await reading).toBeNull();
    expect(await ctx.services.sessions.resolve(owner.token)).toBeNull();
  });

  it('a socket whose session is revoked while it is being identified opens as a visitor', async () => {
    const store = await sellerWithSession(ctx);
    const sessionId = await sessionIdOf(store.token);
    const { stores } = ctx.services;
    const isOperator = stores.isOperator;
    // The revocation arrives during the last read of the socket's identification, after its session was read.
    stores.isOperator = async (sellerId) => {
      ctx.services.sessions.forgetRevoked([sessionId]);
      return isOperator(sellerId);
    };
    try {
      const ws = await openSocket(baseUrl, { cookie: store.cookie });
      expect(ws.messages[0]).toMatchObject({ type: 'hello', role: 'visitor' });
      ws.close();
    } finally {
      stores.isOperator = isOperator;
    }
  });
});
