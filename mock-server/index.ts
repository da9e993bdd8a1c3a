/**
 * mock-chat, programmatically: `chat-widget/mock` (compiled to build/mock-server/, ES module and
 * CommonJS, with types). Start a scripted contact centre for a test, wait for what a session
 * sent, read its journal, switch or reset one session, play a session's agent by hand (act),
 * stop.
 *
 *   const server = await startMockServer({ scenario: 'happy-path', speed: 50 });   // a free port
 *   // availability at `${server.url}/conversation/check-availability-v2`, socket at server.socketUrl
 *   const { session } = await server.waitFor({ method: 'newMessage' }, { timeout: 5000 });
 *   server.session(session.guid).reset();
 *   await server.close();
 */
export type { ConsoleAction } from '../generated/agent-console.js';
export { MockChatError, type MockChatErrorCode } from './errors.js';
export type { ActResult, ConsoleAgent, FeedEvent, SessionOverview } from './live/console-api.js';
export type { LogMode } from './log.js';
export { loadScenario, loadScenarioFile, type ScenarioRef } from './scenario/load.js';
export { builtInScenarioNames } from './scenario/source.js';
export type { Scenario } from './scenario/types.js';
export { type MockServer, type MockServerOptions, startMockServer } from './server/start.js';
export type { RecordedFrame, TranscriptEntry } from './session/chat-session.js';
export { RENEW_REFUSED } from './session/registry.js';
export { type JournalEntry, type MockSession, SESSION_RESET, type WaitOptions } from './session/session-control.js';
export {
  type FrameHit,
  type FrameMatch,
  type SessionQuery,
  type SessionReport,
  WaitForTimeout,
} from './session/verification.js';
export { CHAT_NOT_STARTED, RENEW_REFUSED_CODE, SESSION_KEY_INVALID } from './socket/service-errors.js';
