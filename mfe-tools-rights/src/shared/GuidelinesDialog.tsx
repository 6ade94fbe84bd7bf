import styled from 'styled-components';
import { TOOLS_UI, type GuidelineSection } from '@portal/contracts';
import { Button, Dialog, SubTitle, theme } from '@portal/kit';

const List = styled.ol`
  margin: 6px 0 14px;
  padding-left: 22px;
  display: grid;
  gap: 8px;
  color: ${theme.colors.text};
  font-size: ${theme.font.size.md};
  line-height: 1.5;
`;

export type GuidelinesDialogProps = {
  open: boolean;
  title: string;
  /** Titled sections (tools) or one plain list (rights). */
  sections: readonly GuidelineSection[];
  onClose(): void;
};

/** The VIEW GUIDELINES / GUIDELINES dialog (areas §2): numbered lines, grouped by section when titled. */
export function GuidelinesDialog({ open, title, sections, onClose }: GuidelinesDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose} width={640} actions={<Button onClick={onClose}>{TOOLS_UI.close}</Button>}>
      {sections.map((section) => (
        <section key={section.title || 'lines'}>
          {section.title && <SubTitle>{section.title}</SubTitle>}
          <List>
            {section.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </List>
        </section>
      ))}
    </Dialog>
  );
}
