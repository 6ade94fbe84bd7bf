import styled from 'styled-components';
import { Columns, InfoDialog, LineList, Stack, SubTitle, theme } from '@portal/kit';
import { MUSIC_VIDEO_RULES, MUSIC_VIDEO_TECH_SPEC, VIDEO_UI } from '@portal/contracts';

const List = styled(LineList)`
  margin-top: 6px;
  color: ${theme.colors.text};
`;

/** The technical specification's two columns, video then audio. */
const SPEC_COLUMNS = [
  { heading: VIDEO_UI.guidelines.videoHeading, lines: MUSIC_VIDEO_TECH_SPEC.video },
  { heading: VIDEO_UI.guidelines.audioHeading, lines: MUSIC_VIDEO_TECH_SPEC.audio },
];

/**
 * "MUSIC VIDEO GUIDELINES" (areas §2): every rule and the full technical specification, video then
 * audio. Esc, the backdrop and Close close it.
 */
export function GuidelinesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <InfoDialog open={open} title={VIDEO_UI.guidelines.title} onClose={onClose} closeLabel={VIDEO_UI.guidelines.close} width={720}>
      <Stack $gap={18}>
        <section>
          <SubTitle>{VIDEO_UI.guidelines.rulesHeading}</SubTitle>
          <List lines={MUSIC_VIDEO_RULES} />
        </section>
        <section>
          <SubTitle>{VIDEO_UI.guidelines.specHeading}</SubTitle>
          <Columns $gap="8px 24px" $stackBelow={640}>
            {SPEC_COLUMNS.map(({ heading, lines }) => (
              <div key={heading}>
                <SubTitle as="h4" style={{ marginTop: 8 }}>
                  {heading}
                </SubTitle>
                <List lines={lines} />
              </div>
            ))}
          </Columns>
        </section>
      </Stack>
    </InfoDialog>
  );
}
