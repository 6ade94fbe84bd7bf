import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '@portal/kit';

const Frame = styled.span`
  display: block;
  width: 80px;
  aspect-ratio: 16 / 9;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceMuted};
  overflow: hidden;
  color: ${theme.colors.neutral};
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
  svg { display: block; margin: 8px auto 0; }
`;

/** A catalogue row's 16:9 thumbnail (URL path from the API), or a neutral film icon when it is missing or fails to load. */
export function VideoThumb({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Frame role={!src || failed ? 'img' : undefined} aria-label={!src || failed ? alt : undefined}>
      {src && !failed ? (
        <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m10 9 5 3-5 3V9Z" />
        </svg>
      )}
    </Frame>
  );
}
