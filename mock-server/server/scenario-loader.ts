/**
 * serve --watch loads a saved scenario file in a worker thread, never on the server's own
 * event loop: reading, parsing and checking a 1 MiB file takes seconds, during which a server
 * doing it itself would answer no ping and no HTTP call. The worker loads one file at a time
 * (in the order asked) and posts the Scenario back (plain data, structured-cloned); a load
 * error comes back as the same MockChatError. The worker's heap is capped: a file that blows up
 * when read kills the worker, which is reported as a load error, and the next load starts a new
 * one. The worker does not keep the process alive.
 *
 * The worker runs this very module: the compiled mock-chat (one bundled file, whose main
 * program does nothing in a worker) or, from the TypeScript sources, this file through tsx.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { MockChatError, type MockChatErrorCode } from '../errors.js';
import { loadScenarioFile } from '../scenario/load.js';
import type { Scenario } from '../scenario/types.js';

const ROLE = 'mock-chat scenario loader';
/** Heap a load may use; a YAML file of at most 1 MiB within the caps needs far less. */
const WORKER_HEAP_MB = 256;

type Failure =
  | { code: MockChatErrorCode; reason: string; fix: string | undefined; problems: readonly string[] }
  | { message: string };
type Reply = { id: number; scenario: Scenario } | { id: number; failure: Failure };

if (!isMainThread && (workerData as { role?: string } | undefined)?.role === ROLE) {
  parentPort?.on('message', ({ id, file }: { id: number; file: string }) => {
    let reply: Reply;
    try {
      reply = { id, scenario: loadScenarioFile(file) };
    } catch (error) {
      reply = {
        id,
        failure:
          error instanceof MockChatError
            ? { code: error.code, reason: error.reason, fix: error.fix, problems: error.problems }
            : { message: (error as Error)?.message ?? String(error) },
      };
    }
    parentPort?.postMessage(reply);
  });
}

/** Where the worker starts: this module, compiled, or through tsx from the sources. */
function workerEntry(): { entry: URL | string; eval: boolean } {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return { entry: new URL(self), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  return {
    entry: `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(self)}); });`,
    eval: true,
  };
}

export class ScenarioLoader {
  #worker: Worker | undefined;
  #next = 0;
  readonly #waiting = new Map<number, { resolve(scenario: Scenario): void; reject(error: Error): void }>();

  /** The scenario in `file`, loaded off this thread; rejects with the MockChatError a load would throw. */
  load(file: string): Promise<Scenario> {
    const worker = this.#start();
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, file });
    });
  }

  /**
   * Starts the worker now, so the first save is loaded as quickly as the later ones (starting a
   * thread costs its own CPU, which a busy machine takes from the server too).
   */
  warmUp(): void {
    this.#start();
  }

  /** Stops the worker; loads still waiting never settle. */
  dispose(): void {
    this.#waiting.clear();
    void this.#worker?.terminate();
    this.#worker = undefined;
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const { entry, eval: isCode } = workerEntry();
    const worker = new Worker(entry, {
      eval: isCode,
      workerData: { role: ROLE },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      if (!waiting) return;
      if ('scenario' in reply) waiting.resolve(reply.scenario);
      else waiting.reject(asError(reply.failure));
    });
    const died = (why: string) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      for (const waiting of this.#waiting.values()) {
        waiting.reject(
          new MockChatError('SCENARIO_UNREADABLE', `the scenario could not be loaded: ${why}`, 'check the file'),
        );
      }
      this.#waiting.clear();
    };
    worker.on('error', (error: Error & { code?: string }) =>
      died(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `reading it took more than ${WORKER_HEAP_MB} MB of memory`
          : (error.message ?? String(error)),
      ),
    );
    worker.on('exit', (code) => died(`the loader stopped (exit ${code})`));
    this.#worker = worker;
    return worker;
  }
}

function asError(failure: Failure): Error {
  return 'code' in failure
    ? new MockChatError(failure.code, failure.reason, failure.fix, failure.problems)
    : new Error(failure.message);
}
