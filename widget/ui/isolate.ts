/**
 * Text from outside the widget (an agent's name, a file name) is shown in a <bdi> of its own,
 * isolated from the direction around it: an Arabic name does not reorder an English sentence,
 * nor the reverse. Its explicit direction controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI,
 * PDI) are removed first: in a name they only deceive, as an RLO before "gnp.exe" shows it as
 * "exe.png". Marks (LRM, RLM, ALM) stay: they cannot reorder letters.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function withoutDirectionControls(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '');
}

/** At most `max` characters (as a person counts them), cut in the middle so a file's type stays in view. */
export function middleCut(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  const tail = Math.floor(max / 3);
  return `${characters.slice(0, max - tail - 1).join('')}…${characters.slice(-tail).join('')}`;
}
