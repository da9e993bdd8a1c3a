/**
 * The `vendor-shapes` scenario as a contact centre that never acknowledges anything would play
 * it (acknowledgements are optional in the protocol; many deployments send none), for
 * scenarioFiles (scenario-files.ts) to write where mock-chat can load it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const SOURCE = join(import.meta.dirname, '../../mock-server/scenarios/vendor-shapes.yaml');

export function vendorShapesNeverAcknowledging(): { name: string } {
  const scenario = parse(readFileSync(SOURCE, 'utf8'));
  return { ...scenario, name: 'vendor-shapes-no-acks', session: { ...scenario.session, acknowledge: [] } };
}
