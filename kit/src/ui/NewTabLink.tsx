import type { ComponentPropsWithoutRef } from 'react';

export type NewTabLinkProps = ComponentPropsWithoutRef<'a'> & { href: string };

/**
 * A link that opens `href` in a new tab, without giving that page a handle on this one
 * (`target="_blank"`, `rel="noopener noreferrer"`): terms and privacy pages, store and claim URLs.
 * Other anchor attributes (aria-label, title, style, className) pass through.
 */
export function NewTabLink({ href, children, ...rest }: NewTabLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
