import { linkify } from '@/features/dev/lib/linkify.ts';

/**
 * A mail's plain-text body with its http(s) addresses as links. The HTML body is never
 * rendered: a mail is data from elsewhere, and React escapes this text.
 */
export function MailText({ text }: { text: string }) {
  return (
    <p className="font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">
      {linkify(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a
            key={i}
            href={part.href}
            rel="noreferrer"
            className="break-all text-accent underline underline-offset-2 hover:text-accent-hover"
          >
            {part.href}
          </a>
        ),
      )}
    </p>
  );
}
