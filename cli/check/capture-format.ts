/** How a capture is written (`--input-format`, `--format` of from-capture): apart, for the help. */
export const CAPTURE_FORMATS = ['jsonl', 'har'] as const;
export type CaptureFormat = (typeof CAPTURE_FORMATS)[number];
