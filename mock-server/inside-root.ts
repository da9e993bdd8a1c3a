/**
 * Whether a file stays inside a folder once symbolic links are resolved: `../x`, an absolute
 * path, or a link pointing elsewhere all leave it. Missing paths are outside (nothing to serve).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

export function insideRoot(file: string, root: string): boolean {
  try {
    const relative = path.relative(realpathSync(root), realpathSync(file));
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  } catch {
    return false;
  }
}
