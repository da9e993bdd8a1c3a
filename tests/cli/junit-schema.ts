/**
 * The structure of the Apache Ant JUnit XML schema, which Jenkins validates JUnit reports
 * against, written as checks (the schema itself is not vendored): the problems of a document,
 * none when it is valid. What the schema says:
 * - `testsuites` has no attributes and holds only `testsuite` elements;
 * - each of those has `id` (an int: 0, then 1, ...), `package`, `name`, `timestamp`
 *   (YYYY-MM-DDTHH:MM:SS, no zone or fractions), `hostname` (non-empty), `tests`, `failures`,
 *   `errors` (ints), optionally `skipped` (int), and `time` (decimal), and no other attribute;
 *   and holds, in this order, `properties` (of `property` elements with `name` and `value`), any
 *   number of `testcase`, then `system-out` and `system-err`;
 * - a `testcase` has `name`, `classname` and `time` (decimal) and no other attribute, and holds at
 *   most one element: `skipped`, `error` or `failure`; `error` and `failure` have a required
 *   `type`, an optional `message`, and text only.
 */
import { type Element, Window } from 'happy-dom';

const INT = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

type Rule = 'int' | 'decimal' | 'timestamp' | 'token';

function checkAttributes(
  element: Element,
  where: string,
  required: Record<string, Rule>,
  optional: Record<string, Rule>,
  problems: string[],
): void {
  const allowed = { ...required, ...optional };
  for (const attribute of [...element.attributes]) {
    if (!(attribute.name in allowed)) problems.push(`${where}: attribute ${attribute.name} is not allowed`);
  }
  for (const [name, rule] of Object.entries(allowed)) {
    const value = element.getAttribute(name);
    if (value === null) {
      if (name in required) problems.push(`${where}: attribute ${name} is required`);
      continue;
    }
    const ok =
      rule === 'int'
        ? INT.test(value) && Math.abs(Number(value)) < 2 ** 31
        : rule === 'decimal'
          ? DECIMAL.test(value)
          : rule === 'timestamp'
            ? TIMESTAMP.test(value)
            : value.trim().length > 0;
    if (!ok) problems.push(`${where}: attribute ${name}="${value}" is not a valid ${rule}`);
  }
}

const textOnly = (element: Element, where: string, problems: string[]) => {
  if (element.children.length > 0) problems.push(`${where}: must hold text only`);
};

function checkTestcase(testcase: Element, where: string, problems: string[]): 'failure' | 'error' | 'none' {
  checkAttributes(testcase, where, { name: 'token', classname: 'token', time: 'decimal' }, {}, problems);
  const children = [...testcase.children];
  if (children.length > 1) problems.push(`${where}: holds ${children.length} elements; at most one is allowed`);
  const child = children[0];
  if (!child) return 'none';
  if (!['skipped', 'error', 'failure'].includes(child.tagName)) {
    problems.push(`${where}: <${child.tagName}> is not allowed in a testcase`);
    return 'none';
  }
  if (child.tagName === 'skipped') return 'none';
  checkAttributes(child, `${where}/${child.tagName}`, { type: 'token' }, { message: 'token' }, problems);
  textOnly(child, `${where}/${child.tagName}`, problems);
  return child.tagName as 'failure' | 'error';
}

function checkTestsuite(suite: Element, index: number, problems: string[]): void {
  const where = `testsuite[${index}]`;
  checkAttributes(
    suite,
    where,
    {
      id: 'int',
      package: 'token',
      name: 'token',
      timestamp: 'timestamp',
      hostname: 'token',
      tests: 'int',
      failures: 'int',
      errors: 'int',
      time: 'decimal',
    },
    { skipped: 'int' },
    problems,
  );
  if (suite.getAttribute('id') !== String(index)) problems.push(`${where}: id must be ${index}`);
  const children = [...suite.children];
  const names = children.map((c) => c.tagName);
  const expected = ['properties', ...names.filter((n) => n === 'testcase'), 'system-out', 'system-err'];
  if (names.join() !== expected.join()) {
    problems.push(`${where}: holds ${names.join(', ')}; must be properties, testcase..., system-out, system-err`);
  }
  for (const property of children.find((c) => c.tagName === 'properties')?.children ?? []) {
    if (property.tagName !== 'property') problems.push(`${where}/properties: <${property.tagName}> is not allowed`);
    else checkAttributes(property, `${where}/property`, { name: 'token' }, { value: 'token' }, problems);
    if (property.getAttribute('value') === null) problems.push(`${where}/property: attribute value is required`);
  }
  const outcomes = children
    .filter((c) => c.tagName === 'testcase')
    .map((testcase, i) => checkTestcase(testcase, `${where}/testcase[${i}]`, problems));
  for (const output of children.filter((c) => c.tagName === 'system-out' || c.tagName === 'system-err')) {
    textOnly(output, `${where}/${output.tagName}`, problems);
  }
  const counts = {
    tests: outcomes.length,
    failures: outcomes.filter((o) => o === 'failure').length,
    errors: outcomes.filter((o) => o === 'error').length,
  };
  for (const [name, count] of Object.entries(counts)) {
    if (suite.getAttribute(name) !== String(count)) problems.push(`${where}: ${name} must be ${count}`);
  }
}

/** Every way the document breaks the schema's structure; empty when it follows it. */
export function junitSchemaProblems(xml: string): string[] {
  const doc = new new Window().DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return ['not well-formed XML'];
  const root = doc.documentElement;
  const problems: string[] = [];
  if (root.tagName !== 'testsuites') return [`the root is <${root.tagName}>, not <testsuites>`];
  if (root.attributes.length > 0) problems.push('testsuites: no attribute is allowed');
  [...root.children].forEach((suite, index) => {
    if (suite.tagName !== 'testsuite') problems.push(`testsuites: <${suite.tagName}> is not allowed`);
    else checkTestsuite(suite, index, problems);
  });
  return problems;
}
