/**
 * Which scenario answers: the one the server started with, switched by POST /__mock/scenario,
 * or chosen per page load by a `scenario` query parameter (on the availability URL or the
 * socket URL) or a `mock-scenario` cookie. Only built-in names are selectable over HTTP.
 */
import type { IncomingMessage } from 'node:http';
import { MockChatError } from '../errors.js';
import { loadScenario } from '../scenario/load.js';
import { builtInScenarioNames, builtInScenarioPath } from '../scenario/source.js';
import type { Scenario } from '../scenario/types.js';
import { cookie } from './http-util.js';

export const SCENARIO_COOKIE = 'mock-scenario';

export class ScenarioCatalog {
  #current: Scenario;
  readonly #cache = new Map<string, Scenario>();
  #listing: { name: string; story: string }[] | undefined;

  constructor(initial: Scenario) {
    this.#current = initial;
  }

  get current(): Scenario {
    return this.#current;
  }

  builtIn(name: string): Scenario {
    const cached = this.#cache.get(name);
    if (cached) return cached;
    if (!builtInScenarioPath(name)) {
      throw new MockChatError(
        'UNKNOWN_SCENARIO',
        `unknown scenario "${name}"`,
        `use one of ${builtInScenarioNames().join(', ')}`,
      );
    }
    const scenario = loadScenario(name);
    this.#cache.set(name, scenario);
    return scenario;
  }

  switchTo(name: string): Scenario {
    this.#current = this.builtIn(name);
    return this.#current;
  }

  /** The scenario for one request: ?scenario=, then the cookie, then the current one. */
  select(req: IncomingMessage, url: URL): Scenario {
    const asked = url.searchParams.get('scenario') ?? cookie(req, SCENARIO_COOKIE);
    if (!asked || asked === this.#current.name) return this.#current;
    try {
      return this.builtIn(asked);
    } catch {
      return this.#current;
    }
  }

  list(): { name: string; story: string }[] {
    this.#listing ??= builtInScenarioNames().map((name) => {
      const scenario = this.builtIn(name);
      return { name: scenario.name, story: scenario.story };
    });
    return this.#listing;
  }
}
