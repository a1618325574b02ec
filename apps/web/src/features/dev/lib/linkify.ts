/** A piece of a mail's text: plain text, or an http(s) address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

// Up to the first blank, and not the punctuation that usually ends the sentence around it.
const URL_RE = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * Splits plain text into text and http(s) links. Nothing else becomes a link (no javascript:,
 * no mailto:), and the text is never parsed as HTML.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
