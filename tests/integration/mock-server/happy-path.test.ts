import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../../../mock-server/index.js';
import { checkAvailability, frames, isNotification, start, TestClient } from './client.js';

describe('given the happy-path scenario', () => {
  let server: MockServer;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
  });

  it('answers availability with EWT 30, 3 staffed agents and this server as webChatUrl', async () => {
    server = await start('happy-path');
    const { status, body } = await checkAvailability(server);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.ccPrerequisite.serviceMetricsResponseMap['1'].metrics).toEqual({
      EWT: '30',
      ResourceStaffedCount: '3',
    });
    expect(body.chatWidgetParams.webChatUrl).toBe(server.socketUrl);
  });

  it('confirms requestChat with on-hold groups; then an agent joins, greets, types and answers', async () => {
    server = await start('happy-path');
    const client = await TestClient.connect(server.socketUrl);
    clients.push(client);
    const confirmed = await client.requestChat('Ada');
    expect(Number.isInteger(confirmed.guid)).toBe(true);
    const body = confirmed.frame.body as Record<string, any>;
    expect(body.webOnHoldComfortGroups[0].messages.length).toBeGreaterThan(0);
    expect(body.webOnHoldURLs[0].urls[0].url).toMatch(/^https:/);
    const joined = await client.next(isNotification('newParticipant'));
    expect(joined.body).toMatchObject({ agentId: 'agent-7', displayName: 'Sam', role: 'active_participant' });
    expect((await client.next(isNotification('isTyping'))).body).toMatchObject({ isTyping: true });
    const greeting = await client.next(isNotification('newMessage'));
    expect(greeting.body).toMatchObject({ senderType: 'live_agent', message: expect.stringContaining('Ada') });
  });
});

describe('given happy-path at high speed', () => {
  it('acknowledges and answers every customer message until the customer closes with 1000', async () => {
    const server = await start('happy-path');
    try {
      const client = await TestClient.connect(server.socketUrl);
      await client.requestChat();
      await client.next(isNotification('newMessage'));
      for (const text of ['first question', 'second question']) {
        client.send(frames.newMessage(text));
        expect((await client.next((f) => f.type === 'acknowledgement')).body).toEqual({ method: 'newMessage' });
        const answer = await client.next(isNotification('newMessage'));
        expect(answer.body).toMatchObject({ senderType: 'live_agent', message: expect.stringContaining(text) });
      }
      client.send(frames.closeConversation());
      await client.next(isNotification('closeConversation'));
      expect((await client.closed).code).toBe(1000);
    } finally {
      await server.close();
    }
  });
});
