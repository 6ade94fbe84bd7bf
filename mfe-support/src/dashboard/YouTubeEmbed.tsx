import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '@portal/kit';
import { DASHBOARD_UI, fillMessage, YOUTUBE_EMBED_BASE, YOUTUBE_WATCH_BASE } from '@portal/contracts';

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
`;

const Box = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: ${theme.radii.md};
  overflow: hidden;
  background: #1d2130;
  iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
`;

const Placeholder = styled.button<{ $large: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  padding: 12px;
  border: 0;
  color: #fff;
  text-align: center;
  font: inherit;
  font-size: ${({ $large }) => ($large ? theme.font.size.lg : theme.font.size.sm)};
  font-weight: 600;
  background: linear-gradient(135deg, #2b2f49, #151827);
  cursor: pointer;
  svg { flex: none; transition: transform 0.15s ease; }
  &:hover svg, &:focus-visible svg { transform: scale(1.08); }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: -3px; }
  span { overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; max-width: 90%; }
`;

const Caption = styled.figcaption<{ $large: boolean }>`
  font-size: ${({ $large }) => ($large ? theme.font.size.md : theme.font.size.sm)};
  font-weight: 600;
  color: ${theme.colors.text};
  overflow-wrap: anywhere;
  a { margin-left: 6px; font-weight: 500; color: ${theme.colors.accent}; white-space: nowrap; }
`;

export type YouTubeEmbedProps = {
  /** YouTube video id (11 characters). */
  videoId: string;
  /** Shown on the placeholder and as the caption; also the iframe's accessible title. */
  title: string;
  large?: boolean;
};

/**
 * One update video of the dashboard (areas §2 "embedded videos"): a titled 16:9 placeholder box with a
 * play button, replaced by the youtube-nocookie player (autoplay, `loading="lazy"`) when pressed. Nothing
 * is requested from YouTube until then, so the dashboard loads fast, sets no third-party cookies, and
 * with no network to YouTube every box, its title and its caption still lay out.
 */
export function YouTubeEmbed({ videoId, title, large = false }: YouTubeEmbedProps) {
  const [playing, setPlaying] = useState(false);
  const id = encodeURIComponent(videoId);
  return (
    <Figure data-video-id={videoId}>
      <Box>
        {playing ? (
          <iframe
            src={`${YOUTUBE_EMBED_BASE}${id}?autoplay=1&rel=0`}
            title={title}
            loading="lazy"
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <Placeholder type="button" $large={large} data-placeholder aria-label={fillMessage(DASHBOARD_UI.play, { title })} onClick={() => setPlaying(true)}>
            <svg width={large ? 68 : 44} height={large ? 48 : 31} viewBox="0 0 68 48" aria-hidden="true">
              <rect width="68" height="48" rx="13" fill="#e62117" />
              <path d="M27 14v20l18-10-18-10Z" fill="#fff" />
            </svg>
            <span aria-hidden="true">{title}</span>
          </Placeholder>
        )}
      </Box>
      <Caption $large={large}>
        {title}
        <a href={`${YOUTUBE_WATCH_BASE}${id}`} target="_blank" rel="noopener noreferrer">
          {DASHBOARD_UI.watchOnYoutube}
        </a>
      </Caption>
    </Figure>
  );
}
