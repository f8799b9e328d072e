import { Fragment, type ReactNode } from 'react';
import { PLACEHOLDER } from './i18n';

/**
 * A translated sentence with `{placeholders}` replaced by elements (a link inside a sentence, for
 * example). Kept apart from i18n.tsx so that only the screens that need it carry it.
 */
export function RichText({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  // split() with a capture group alternates text and placeholder names: odd indexes are names.
  const parts = text.split(PLACEHOLDER);
  return parts.map((part, index) =>
    index % 2 === 0 ? part : <Fragment key={`${part}-${index}`}>{values[part] ?? `{${part}}`}</Fragment>,
  );
}
