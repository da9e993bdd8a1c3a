/**
 * The `vendor-shapes` scenario as a contact centre that never acknowledges anything would play
 * it (acknowledgements are optional in the protocol; many deployments send none), written to a
 * scenario file in `dir` for mock-chat to load.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const SOURCE = join(import.meta.dirname, '../../mock-server/scenarios/vendor-shapes.yaml');

export function vendorShapesNeverAcknowledging(dir: string): string {
  const scenario = parse(readFileSync(SOURCE, 'utf8'));
  scenario.name = 'vendor-shapes-no-acks';
  scenario.session = { ...scenario.session, acknowledge: [] };
  const file = join(dir, 'vendor-shapes-no-acks.yaml');
  // JSON is YAML.
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}
