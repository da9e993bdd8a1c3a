/** The client frames the server benchmarks send, as a widget sends them. */

const request = (body: Record<string, unknown>) =>
  JSON.stringify({ apiVersion: '1.0', type: 'request', authToken: '', body });

export const REQUEST_CHAT = request({
  method: 'requestChat',
  deviceType: 'bench',
  routePointIdentifier: 'Sales_prod',
  workFlowType: '',
  requestTranscript: false,
  workRequestId: null,
  calledParty: 'http://127.0.0.1/bench',
  leaseTime: 0,
  intrinsics: {
    channelAttribute: 'Chat',
    textDirection: 'LTR',
    attributes: ['Country.US'],
    email: 'bench@example.com',
    name: 'Bench',
    lastName: '',
    phoneNumber: '',
    getBrandUpdates: false,
    topic: '',
    customFields: [{ title: 'getUpdates', value: 'No' }],
  },
  priority: 5,
  customData: {},
});

/** The customer's message `question N`; the happy-path agent's answer quotes it. */
export const message = (n: number) =>
  request({
    method: 'newMessage',
    message: `question ${n}`,
    type: 'text',
    data: { message: `question ${n}` },
    customData: {},
  });

export const CLOSE = request({ method: 'closeConversation' });
