import { describe, expect, it } from 'vitest';
import { checkClientFrame, checkServerFrame, formatViolations } from '../../contract/frame-check.js';
import { checkFrame } from '../../contract/index.js';

const renew = () => ({
  apiVersion: '1.0',
  type: 'request',
  authToken: '',
  body: { method: 'renewChat', guid: 42, authenticationKey: 'key', requestFullTranscript: false },
});

function violationsOf(result: ReturnType<typeof checkClientFrame>) {
  if (result.ok) throw new Error('expected the frame to be rejected');
  return result.violations;
}

describe('client frames the contract rejects, with the pointer of the offending field', () => {
  it('a missing required field', () => {
    const frame = renew() as Record<string, any>;
    delete frame.body.authenticationKey;
    expect(violationsOf(checkClientFrame(frame))).toContainEqual({
      pointer: '/body/authenticationKey',
      problem: 'is required but missing',
    });
  });

  it('a missing authToken', () => {
    const { authToken: _unused, ...frame } = renew();
    expect(violationsOf(checkClientFrame(frame))[0]?.pointer).toBe('/authToken');
  });

  it('a wrong type', () => {
    const frame = renew();
    (frame.body as Record<string, unknown>).guid = '42';
    expect(violationsOf(checkClientFrame(frame))).toContainEqual({ pointer: '/body/guid', problem: 'must be integer' });
  });

  it('a guid of 2^53 or more, which a JavaScript client cannot hold exactly, in both profiles and both directions', () => {
    const frame = renew();
    (frame.body as Record<string, unknown>).guid = 2 ** 53;
    const tooBig = { pointer: '/body/guid', problem: 'must be <= 9007199254740991' };
    expect(violationsOf(checkClientFrame(frame))).toContainEqual(tooBig);
    expect(checkFrame('client', frame).violations).toContainEqual(tooBig);
    const confirmation = {
      apiVersion: '1.0',
      type: 'notification',
      body: { method: 'requestChat', guid: 2 ** 53, authenticationKey: 'k', workRequestId: 'w' },
    };
    expect(checkFrame('server', confirmation).violations).toContainEqual(tooBig);
    (frame.body as Record<string, unknown>).guid = Number.MAX_SAFE_INTEGER;
    expect(checkClientFrame(frame).ok).toBe(true);
  });

  it('an unknown method', () => {
    const frame = { ...renew(), body: { method: 'startCoBrowse' } };
    expect(violationsOf(checkClientFrame(frame))).toEqual([
      { pointer: '/body/method', problem: 'unknown method "startCoBrowse"' },
    ]);
  });

  it('a wrong apiVersion', () => {
    const frame = { ...renew(), apiVersion: '2.0' };
    expect(violationsOf(checkClientFrame(frame))).toContainEqual({ pointer: '/apiVersion', problem: 'must be "1.0"' });
  });

  it('an extra property on the body of a client frame', () => {
    const frame = renew();
    (frame.body as Record<string, unknown>).sessionHint = 'x';
    expect(violationsOf(checkClientFrame(frame))).toContainEqual({
      pointer: '/body/sessionHint',
      problem: 'is not allowed: no such property in the contract',
    });
  });

  it('an extra property at the top of a client frame', () => {
    expect(violationsOf(checkClientFrame({ ...renew(), trace: 1 }))[0]?.pointer).toBe('/trace');
  });

  it('a type other than request', () => {
    expect(violationsOf(checkClientFrame({ ...renew(), type: 'notification' }))[0]).toEqual({
      pointer: '/type',
      problem: 'must be "request"',
    });
  });

  it('an empty customer message (empty messages are never sent)', () => {
    const frame = {
      apiVersion: '1.0',
      type: 'request',
      authToken: '',
      body: { method: 'newMessage', message: '', type: 'text', data: { message: '' }, customData: {} },
    };
    expect(violationsOf(checkClientFrame(frame))[0]?.pointer).toBe('/body/message');
  });

  it('a pointer escapes "/" and "~" in property names', () => {
    const frame = renew();
    (frame.body as Record<string, unknown>)['a/b~c'] = 1;
    expect(violationsOf(checkClientFrame(frame))[0]?.pointer).toBe('/body/a~1b~0c');
  });

  it('formats violations as "pointer problem" for logs and error frames', () => {
    expect(formatViolations([{ pointer: '/body/guid', problem: 'must be integer' }])).toBe(
      '/body/guid must be integer',
    );
  });
});

describe('server frames: what the widget reads is checked, extras are accepted', () => {
  const newMessage = {
    apiVersion: '1.0',
    type: 'notification',
    body: { method: 'newMessage', message: 'Hi', timestamp: 1795290000000, senderType: 'live_agent', type: 'text' },
  };

  it('accepts extra properties at every level', () => {
    const frame = { ...newMessage, region: 'eu', body: { ...newMessage.body, queueId: 7 } };
    expect(checkServerFrame(frame).ok).toBe(true);
  });

  it('rejects an unknown notification method at /body/method', () => {
    const result = checkServerFrame({ ...newMessage, body: { method: 'coBrowseStatus' } });
    expect(result).toEqual({
      ok: false,
      violations: [{ pointer: '/body/method', problem: 'unknown method "coBrowseStatus"' }],
    });
  });

  it('rejects an unknown frame type at /type', () => {
    const result = checkServerFrame({ ...newMessage, type: 'push' });
    expect(result.ok === false && result.violations[0]).toEqual({ pointer: '/type', problem: 'unknown type "push"' });
  });

  it('rejects a sender type outside the enum', () => {
    const result = checkServerFrame({ ...newMessage, body: { ...newMessage.body, senderType: 'robot' } });
    expect(result.ok === false && result.violations[0]?.pointer).toBe('/body/senderType');
  });

  it('rejects a timestamp that is not epoch milliseconds as an integer', () => {
    const result = checkServerFrame({ ...newMessage, body: { ...newMessage.body, timestamp: '12:00' } });
    expect(result.ok === false && result.violations[0]).toEqual({
      pointer: '/body/timestamp',
      problem: 'must be integer',
    });
  });

  it('requires data.text on a widget message and message on a text message', () => {
    const widget = { ...newMessage, body: { ...newMessage.body, type: 'widget', message: undefined, data: {} } };
    const widgetResult = checkServerFrame(JSON.parse(JSON.stringify(widget)));
    expect(widgetResult.ok === false && widgetResult.violations[0]?.pointer).toBe('/body/data/text');
    const { message: _m, ...textBody } = newMessage.body;
    const textResult = checkServerFrame({ ...newMessage, body: textBody });
    expect(textResult.ok === false && textResult.violations[0]?.pointer).toBe('/body/message');
  });

  it('rejects an error frame without a numeric code', () => {
    const result = checkServerFrame({ apiVersion: '1.0', type: 'error', body: { code: '503', errorMessage: 'x' } });
    expect(result.ok === false && result.violations[0]).toEqual({ pointer: '/body/code', problem: 'must be integer' });
  });

  it('rejects a file transfer with neither uuid and workRequestId nor address', () => {
    const result = checkServerFrame({
      apiVersion: '1.0',
      type: 'notification',
      body: { method: 'newAgentFileTransfer', agentName: 'Sam', name: 'a.pdf' },
    });
    expect(result.ok).toBe(false);
  });

  it('rejects something that is not an object at all', () => {
    for (const value of [null, 42, 'ping', []]) {
      const result = checkServerFrame(value);
      expect(result.ok === false && result.violations[0]?.pointer).toBe('');
    }
  });
});
