import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { theme } from '@portal/kit';
import { DASHBOARD_UI, YOUTUBE_EMBED_BASE, YOUTUBE_WATCH_BASE } from '@portal/contracts';

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

const Placeholder = styled.div<{ $large: boolean }>`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  padding: 12px;
  color: #fff;
  text-align: center;
  font-size: ${({ $large }) => ($large ? theme.font.size.lg : theme.font.size.sm)};
  font-weight: 600;
  background: linear-gradient(135deg, #2b2f49, #151827);
  svg { flex: none; opacity: 0.9; }
  span { overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
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
 * One update video of the dashboard (areas §2 "embedded videos"): a titled 16:9 placeholder box that is
 * always laid out, with a youtube-nocookie iframe on top once the box comes near the viewport
 * (IntersectionObserver, plus the iframe's own `loading="lazy"`). Without network to YouTube the box,
 * its title and the caption still hold the layout.
 */
export function YouTubeEmbed({ videoId, title, large = false }: YouTubeEmbedProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: '200px' });
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);

  return (
    <Figure data-video-id={videoId}>
      <Box ref={boxRef}>
        <Placeholder $large={large} aria-hidden="true" data-placeholder>
          <svg width={large ? 64 : 40} height={large ? 46 : 28} viewBox="0 0 64 46">
            <rect width="64" height="46" rx="12" fill="#e62117" />
            <path d="M26 14v18l15-9-15-9Z" fill="#fff" />
          </svg>
          <span>{title}</span>
        </Placeholder>
        {near && (
          <iframe
            src={`${YOUTUBE_EMBED_BASE}${encodeURIComponent(videoId)}`}
            title={title}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        )}
      </Box>
      <Caption $large={large}>
        {title}
        <a href={`${YOUTUBE_WATCH_BASE}${encodeURIComponent(videoId)}`} target="_blank" rel="noopener noreferrer">
          {DASHBOARD_UI.watchOnYoutube}
        </a>
      </Caption>
    </Figure>
  );
}
