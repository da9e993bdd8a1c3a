import { describe, expect, it } from 'vitest';
import { checkClientFrame } from '../../../contract/frame-check.js';
import { resolveSettings } from '../../../widget/core/config/settings.js';
import {
  closeConversationFrame,
  customFields,
  isTypingFrame,
  newMessageFrame,
  pingFrame,
  renewChatFrame,
  requestChatFrame,
} from '../../../widget/core/connection/frames.js';

const settings = resolveSettings();
const details = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+12025550143',
  postalCode: '94105',
  getUpdates: 'No' as const,
  subject: 'Model Y delivery',
  topic: 'vehicle',
};

describe('client frames (section 7)', () => {
  it('§7 requestChat carries every field, and passes the contract', () => {
    const frame = requestChatFrame({
      details,
      settings,
      userAgent: 'Mozilla/5.0 test',
      pageUrl: 'https://www.example.com/models',
      workRequestId: null,
    });
    expect(frame).toEqual({
      apiVersion: '1.0',
      type: 'request',
      authToken: '',
      body: {
        method: 'requestChat',
        deviceType: 'Mozilla/5.0 test',
        routePointIdentifier: 'Sales_prod',
        workFlowType: '',
        requestTranscript: false,
        workRequestId: null,
        calledParty: 'https://www.example.com/models',
        leaseTime: 0,
        intrinsics: {
          channelAttribute: 'Chat',
          textDirection: 'LTR',
          attributes: ['Country.US', 'Language.English', 'LOB.Sales', 'Concern.Drive'],
          email: 'ada@example.com',
          name: 'Ada',
          lastName: 'Lovelace',
          phoneNumber: '+12025550143',
          getBrandUpdates: false,
          topic: 'vehicle',
          customFields: [
            { title: 'getUpdates', value: 'No' },
            { title: 'postalCode', value: '94105' },
            { title: 'subject', value: 'Model Y delivery' },
          ],
        },
        priority: 5,
        customData: {},
      },
    });
    expect(checkClientFrame(frame)).toEqual({ ok: true, frame });
  });

  it('§7 requestChat with empty details and a stored context id still passes the contract', () => {
    const frame = requestChatFrame({ details: {}, settings, userAgent: '', pageUrl: '', workRequestId: 'WR-9' });
    expect(frame.body.workRequestId).toBe('WR-9');
    expect(frame.body.intrinsics.customFields).toEqual([{ title: 'getUpdates', value: 'Yes' }]);
    expect(frame.body.intrinsics.getBrandUpdates).toBe(true);
    expect(checkClientFrame(frame).ok).toBe(true);
  });

  it('§7 customFields always contain getUpdates and use zip as postal code', () => {
    expect(customFields({ zip: '10001', province: 'BJ', city: 'Beijing' })).toEqual([
      { title: 'getUpdates', value: 'Yes' },
      { title: 'postalCode', value: '10001' },
      { title: 'province', value: 'BJ' },
      { title: 'city', value: 'Beijing' },
    ]);
  });

  it('§7 renewChat, newMessage, isTyping, ping and closeConversation pass the contract', () => {
    const frames = [
      renewChatFrame(42, 'key', true),
      newMessageFrame('hello'),
      isTypingFrame(),
      pingFrame(),
      closeConversationFrame(),
    ];
    for (const frame of frames) expect(checkClientFrame(frame).ok).toBe(true);
    expect(frames[0]?.body).toEqual({
      method: 'renewChat',
      guid: 42,
      authenticationKey: 'key',
      requestFullTranscript: true,
    });
    expect(frames[1]?.body).toEqual({
      method: 'newMessage',
      message: 'hello',
      type: 'text',
      data: { message: 'hello' },
      customData: {},
    });
    expect(frames[2]?.body).toEqual({ method: 'isTyping', isTyping: true });
  });
});
