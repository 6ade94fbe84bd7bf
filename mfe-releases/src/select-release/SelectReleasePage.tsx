import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { Muted, PageHeader, ReleaseGate, theme } from '@portal/kit';
import { RELEASE_UI } from '@portal/contracts';
import { RELEASE_ROUTES } from '../shared/routes';

const Choices = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 360px));
  gap: 20px;
  @media (max-width: 700px) { grid-template-columns: minmax(0, 1fr); }
`;

const Choice = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 28px 24px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  transition: border-color 0.15s ease, box-shadow 0.15s ease, transform 0.15s ease;
  &:hover { border-color: ${theme.colors.accent}; box-shadow: ${theme.shadows.popover}; transform: translateY(-2px); }
  &:focus-within { border-color: ${theme.colors.accent}; box-shadow: 0 0 0 3px ${theme.colors.accentSoft}; }
  a {
    font-size: ${theme.font.size.xl};
    font-weight: 700;
    color: ${theme.colors.text};
    text-decoration: none;
    &:focus-visible { outline: none; }
    /* The whole card is the link's hit area. */
    &::after { content: ''; position: absolute; inset: 0; border-radius: ${theme.radii.lg}; }
  }
`;

const Icon = styled.span`
  width: 52px;
  height: 52px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  display: inline-flex;
  align-items: center;
  justify-content: center;
`;

function AudioIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </svg>
  );
}

function VideoIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="2.5" y="5" width="14" height="14" rx="2" />
      <path d="m16.5 10 5-3v10l-5-3" />
    </svg>
  );
}

/** /select_release (areas §2 "Release-type chooser"), behind the release gate. */
export function SelectReleasePage() {
  return (
    <ReleaseGate>
      <PageHeader title={RELEASE_UI.select.title} />
      <Muted style={{ fontSize: theme.font.size.md }}>{RELEASE_UI.select.intro}</Muted>
      <Choices>
        <Choice>
          <Icon>
            <AudioIcon />
          </Icon>
          <Link to={RELEASE_ROUTES.wizard} aria-describedby="select-release-audio-hint">
            {RELEASE_UI.select.audio}
          </Link>
          <Muted id="select-release-audio-hint">{RELEASE_UI.select.audioHint}</Muted>
        </Choice>
        <Choice>
          <Icon>
            <VideoIcon />
          </Icon>
          <Link to={RELEASE_ROUTES.videoRelease} aria-describedby="select-release-video-hint">
            {RELEASE_UI.select.video}
          </Link>
          <Muted id="select-release-video-hint">{RELEASE_UI.select.videoHint}</Muted>
        </Choice>
      </Choices>
    </ReleaseGate>
  );
}

export default SelectReleasePage;
