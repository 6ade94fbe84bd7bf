import type { ReactNode } from 'react';
import { FactGrid } from '@portal/kit';

export type Fact = { label: string; value: ReactNode };

/** Facts of a release as a `<dl>` (detail page, submission summary). */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <FactGrid>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </FactGrid>
  );
}
