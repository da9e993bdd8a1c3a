/**
 * The phone rules' library (libphonenumber-js with its metadata) as the first step of loadChat,
 * evaluated in a task of its own before the core, whose forms use it. Its own module rather than
 * `import('../core/forms/phone-rule.js')`: that module is also imported statically by the
 * core, so its chunk exports minified names and a dynamic import of it needs a namespace
 * object built at run time (the bundler's `for…in` helper, which a page that added to
 * Object.prototype breaks). This one exports a plain function.
 */
import { isSupportedCountry } from 'libphonenumber-js/min';

/** Touches the metadata, so it is evaluated now, not on the visitor's first keystroke. */
export function phoneRulesReady(): boolean {
  return isSupportedCountry('US');
}
