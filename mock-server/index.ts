/**
 * mock-chat, programmatically: start a scripted contact centre for a test.
 *
 *   const server = await startMockServer({ scenario: 'happy-path', port: 0, speed: 50 });
 *   // availability at `${server.url}/conversation/check-availability-v2`, socket at server.socketUrl
 *   await server.close();
 */
export { MockChatError } from './errors.js';
export type { LogMode } from './log.js';
export { loadScenario, loadScenarioFile, type ScenarioRef } from './scenario/load.js';
export { builtInScenarioNames } from './scenario/source.js';
export type { Scenario } from './scenario/types.js';
export { type MockServer, type MockServerOptions, startMockServer } from './server/start.js';
export type { TranscriptEntry } from './session/chat-session.js';
export { RENEW_REFUSED } from './session/registry.js';
export { type SessionReport, WaitForTimeout } from './session/verification.js';
export { CHAT_NOT_STARTED, RENEW_REFUSED_CODE } from './socket/dispatch.js';
