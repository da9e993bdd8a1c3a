/**
 * Which scenario answers. The server starts with one or more scenarios (built-in names, files,
 * folders of files; the first is the running one) and knows every built-in besides. A request
 * may pick one by name with a `scenario` query parameter (on the availability URL or the
 * socket URL) or a `mock-scenario` cookie; `POST /__mock/scenario` switches the running one.
 * A name that names no scenario is an error the caller reports, never a silent fallback. File
 * scenarios are chosen by their `name:`, never by a path from a request.
 */
import type { IncomingMessage } from 'node:http';
import { MockChatError } from '../errors.js';
import { loadScenario } from '../scenario/load.js';
import { builtInScenarioLabel, builtInScenarioNames, builtInScenarioPath } from '../scenario/source.js';
import type { Scenario } from '../scenario/types.js';
import { cookie } from './http-util.js';

export const SCENARIO_COOKIE = 'mock-scenario';

/** What a scenario name may look like; anything else in a cookie is ignored as noise. */
const NAME = /^[a-z0-9][a-z0-9-]*$/;

export interface CatalogEntry {
  name: string;
  story: string;
  /** "built-in", or the file it was loaded from. */
  source: string;
}

export class ScenarioCatalog {
  #current: Scenario;
  readonly #initial: Scenario;
  /** Scenarios the server was started with (files and named built-ins), by name. */
  readonly #loaded = new Map<string, Scenario>();
  readonly #builtIns = new Map<string, Scenario>();

  /** `scenarios[0]` runs first. */
  constructor(scenarios: readonly Scenario[]) {
    const first = scenarios[0];
    if (!first) throw new MockChatError('BAD_OPTION', 'no scenario to serve', 'pass --scenario NAME|FILE|FOLDER');
    for (const scenario of scenarios) this.#loaded.set(scenario.name, scenario);
    this.#current = first;
    this.#initial = first;
  }

  get current(): Scenario {
    return this.#current;
  }

  /** The scenario with this name: a loaded one first, else a built-in. */
  byName(name: string): Scenario {
    const loaded = this.#loaded.get(name);
    if (loaded) return loaded;
    const cached = this.#builtIns.get(name);
    if (cached) return cached;
    if (!builtInScenarioPath(name)) {
      throw new MockChatError(
        'UNKNOWN_SCENARIO',
        `unknown scenario "${name}"`,
        `use one of ${this.names().join(', ')}`,
      );
    }
    const scenario = loadScenario(name);
    this.#builtIns.set(name, scenario);
    return scenario;
  }

  /** Replaces a loaded scenario with a newer version of it (serve --watch). */
  replace(scenario: Scenario): void {
    this.#loaded.set(scenario.name, scenario);
    if (this.#current.name === scenario.name) this.#current = scenario;
  }

  switchTo(name: string): Scenario {
    this.#current = this.byName(name);
    return this.#current;
  }

  /** Back to the scenario the server started with (POST /__mock/reset). */
  reset(): void {
    this.#current = this.#loaded.get(this.#initial.name) ?? this.#initial;
  }

  /**
   * The scenario for one request: `?scenario=`, then the cookie, then the running one. Throws
   * UNKNOWN_SCENARIO for a name nothing answers to; a cookie that is no scenario name at all
   * (another page's noise) is ignored.
   */
  select(req: IncomingMessage, url: URL): Scenario {
    const fromQuery = url.searchParams.get('scenario');
    const fromCookie = cookie(req, SCENARIO_COOKIE);
    const asked = fromQuery ?? (fromCookie !== undefined && NAME.test(fromCookie) ? fromCookie : undefined);
    if (!asked || asked === this.#current.name) return this.#current;
    return this.byName(asked);
  }

  names(): string[] {
    return [...new Set([...this.#loaded.keys(), ...builtInScenarioNames()])].sort();
  }

  list(): CatalogEntry[] {
    return this.names().map((name) => {
      const scenario = this.byName(name);
      const builtIn = builtInScenarioPath(name) !== undefined && scenario.source === builtInScenarioLabel(name);
      return { name, story: scenario.story, source: builtIn ? 'built-in' : scenario.source };
    });
  }
}
