import styled from 'styled-components';
import { theme } from '@portal/kit';
import { Snowfall } from './Snowfall';

/**
 * The Welcome banner with falling snow of an invitation link (core §2 /signup); `text` is
 * welcomeBannerText() of `?name=`/`?from=` (docs/decisions/017).
 */
export function WelcomeBanner({ text }: { text: string }) {
  return (
    <Banner>
      <Snowfall />
      <Text>
        <span>{text}</span>
      </Text>
    </Banner>
  );
}

/* Its own stacking context (isolation): the snow (z-index 0) stays under the text (z-index 1) whatever
   the page around it does; the text stands on a plate the flakes pass behind (issue 38 item 7: the
   dots were drawn over the text). */
const Banner = styled.div`
  position: relative;
  isolation: isolate;
  overflow: hidden;
  margin: 0 0 24px;
  padding: 22px 20px;
  border-radius: ${theme.radii.md};
  background: linear-gradient(135deg, #2d1f8f 0%, ${theme.colors.accent} 55%, #8a5cf6 100%);
  color: #fff;
  box-shadow: 0 10px 24px rgba(91, 75, 219, 0.3);
`;

const Text = styled.p`
  position: relative;
  z-index: 1;
  margin: 0;
  span {
    padding: 2px 8px;
    border-radius: ${theme.radii.sm};
    background: rgba(33, 22, 110, 0.72);
    -webkit-box-decoration-break: clone;
    box-decoration-break: clone;
  }
  font-size: ${theme.font.size.lg};
  font-weight: 600;
  line-height: 1.6;
  text-shadow: 0 1px 3px rgba(20, 10, 80, 0.45);
`;
