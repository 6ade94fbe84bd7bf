import type { ReactNode } from 'react';
import { Card } from './Card';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

export type ComingSoonProps = { title: string; heading: string; text: string; actions?: ReactNode };

/** A titled placeholder page for a screen not built yet: the page title, a card with a heading and a line. */
export function ComingSoon({ title, heading, text, actions }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} actions={actions} />
      <Card>
        <EmptyState>
          <strong style={{ display: 'block', marginBottom: 6 }}>{heading}</strong>
          {text}
        </EmptyState>
      </Card>
    </>
  );
}
