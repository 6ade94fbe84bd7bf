import styled from 'styled-components';
import { BulletList, Button, Dialog, Stack, SubTitle, theme } from '@portal/kit';
import { MUSIC_VIDEO_RULES, MUSIC_VIDEO_TECH_SPEC, VIDEO_UI } from '@portal/contracts';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px 24px;
  @media (max-width: 640px) { grid-template-columns: minmax(0, 1fr); }
`;

const List = styled(BulletList)`
  margin-top: 6px;
  color: ${theme.colors.text};
`;

/**
 * "MUSIC VIDEO GUIDELINES" (areas §2): every rule and the full technical specification, video then
 * audio. Esc, the backdrop and Close close it.
 */
export function GuidelinesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog
      open={open}
      title={VIDEO_UI.guidelines.title}
      onClose={onClose}
      width={720}
      actions={
        <Button type="button" onClick={onClose}>
          {VIDEO_UI.guidelines.close}
        </Button>
      }
    >
      <Stack $gap={18}>
        <section>
          <SubTitle>{VIDEO_UI.guidelines.rulesHeading}</SubTitle>
          <List>
            {MUSIC_VIDEO_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </List>
        </section>
        <section>
          <SubTitle>{VIDEO_UI.guidelines.specHeading}</SubTitle>
          <Columns>
            <div>
              <SubTitle as="h4" style={{ marginTop: 8 }}>
                {VIDEO_UI.guidelines.videoHeading}
              </SubTitle>
              <List>
                {MUSIC_VIDEO_TECH_SPEC.video.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </List>
            </div>
            <div>
              <SubTitle as="h4" style={{ marginTop: 8 }}>
                {VIDEO_UI.guidelines.audioHeading}
              </SubTitle>
              <List>
                {MUSIC_VIDEO_TECH_SPEC.audio.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </List>
            </div>
          </Columns>
        </section>
      </Stack>
    </Dialog>
  );
}
