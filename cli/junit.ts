/** JUnit XML for `mock-chat check --format junit`: one test case per frame. */

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters XML 1.0 cannot carry at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
  );
}

export interface JunitCase {
  classname: string;
  name: string;
  failures: string[];
}

export function junitXml(suite: string, cases: readonly JunitCase[]): string {
  const failures = cases.filter((c) => c.failures.length > 0).length;
  const body = cases
    .map((c) => {
      const open = `    <testcase classname="${escapeXml(c.classname)}" name="${escapeXml(c.name)}"`;
      if (c.failures.length === 0) return `${open}/>`;
      const message = escapeXml(c.failures.join('; '));
      return `${open}>\n      <failure message="${message}" type="contract">${escapeXml(c.failures.join('\n'))}</failure>\n    </testcase>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="mock-chat check" tests="${cases.length}" failures="${failures}">
  <testsuite name="${escapeXml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">
${body}
  </testsuite>
</testsuites>
`;
}
