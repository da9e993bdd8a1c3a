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
import { builtInScenarioLabel, builtInScenarioNames, builtInScenarioPath } from '../scenario/built-in.js';
import type { Scenario } from '../scenario/types.js';
import { cookie } from './http-util.js';

const SCENARIO_COOKIE = 'mock-scenario';

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
  readonly #loadBuiltIn: (name: string) => Scenario;

  /**
   * `scenarios[0]` runs first; `loadBuiltIn` loads a built-in by name when a request asks for
   * one (prepared at build time, or from its YAML: see server/start.ts).
   */
  constructor(scenarios: readonly Scenario[], loadBuiltIn: (name: string) => Scenario) {
    this.#loadBuiltIn = loadBuiltIn;
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
    const scenario = this.#loadBuiltIn(name);
    this.#builtIns.set(name, scenario);
    return scenario;
  }

  /**
   * Adds a scenario, or replaces a newer version of one (serve --watch); `previous` is the name
   * its file had before, when the edit renamed it: that name is no longer served.
   */
  replace(scenario: Scenario, previous?: string): void {
    const running = this.#current.name === scenario.name || (previous !== undefined && this.#current.name === previous);
    if (previous !== undefined && previous !== scenario.name) this.#loaded.delete(previous);
    this.#loaded.set(scenario.name, scenario);
    if (running) this.#current = scenario;
  }

  /**
   * Stops serving a loaded scenario (its file was deleted). When it was running, the first
   * scenario still loaded runs instead (happy-path when none is left); returns the one running now.
   */
  remove(name: string): Scenario {
    this.#loaded.delete(name);
    if (this.#current.name === name) this.#current = this.#fallback();
    return this.#current;
  }

  #fallback(): Scenario {
    return this.#loaded.get(this.#initial.name) ?? this.#loaded.values().next().value ?? this.byName('happy-path');
  }

  switchTo(name: string): Scenario {
    this.#current = this.byName(name);
    return this.#current;
  }

  /** Back to the scenario the server started with (POST /__mock/reset), or the first still loaded. */
  reset(): void {
    this.#current = this.#fallback();
  }

  /**
   * The scenario for one request: `?scenario=`, then the cookie, then the running one. Throws
   * UNKNOWN_SCENARIO for a name nothing answers to. A cookie that is no scenario name at all
   * (not percent-encoding, or another page's noise) falls back to the running scenario, and
   * `ignored` is told why, for one line in the log.
   */
  select(req: IncomingMessage, url: URL, ignored: (why: string) => void = () => {}): Scenario {
    const fromQuery = url.searchParams.get('scenario');
    const fromCookie = fromQuery === null ? cookie(req, SCENARIO_COOKIE) : undefined;
    let asked: string | undefined = fromQuery ?? undefined;
    if (fromCookie !== undefined && fromCookie !== '') {
      if (NAME.test(fromCookie)) asked = fromCookie;
      else {
        ignored(
          `the ${SCENARIO_COOKIE} cookie ${JSON.stringify(fromCookie.slice(0, 80))} is no scenario name; the running scenario ${this.#current.name} answers`,
        );
      }
    }
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
