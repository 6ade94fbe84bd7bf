import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Stack } from '../ui/layout';
import { PageHeader } from '../ui/PageHeader';

const Narrow = styled(Card)<{ $width: number }>`
  max-width: ${({ $width }) => $width}px;
`;

export type CardFormPageProps = {
  /** The page's `<h1>`. */
  title: ReactNode;
  /** The card's largest width in px (it shrinks with the window). */
  width: number;
  /** Space between the form's rows in px. */
  gap: number;
  /** The form is `noValidate`: the page checks its own fields. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The submit button's text. */
  submit: ReactNode;
  busy: boolean;
  disabled?: boolean;
  /** The form's rows above the submit button (intro text, fields). */
  children: ReactNode;
};

/**
 * A page that is one short form (/invite, the ops console's TOTP step): the page heading, then a
 * narrow card holding the form, its rows stacked and the submit button last, at its own width.
 */
export function CardFormPage({ title, width, gap, onSubmit, submit, busy, disabled, children }: CardFormPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Narrow $width={width}>
        <form noValidate onSubmit={onSubmit}>
          <Stack $gap={gap}>
            {children}
            <div>
              <Button type="submit" busy={busy} disabled={disabled}>
                {submit}
              </Button>
            </div>
          </Stack>
        </form>
      </Narrow>
    </>
  );
}
