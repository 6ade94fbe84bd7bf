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
      <Text>{text}</Text>
    </Banner>
  );
}

const Banner = styled.div`
  position: relative;
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
  margin: 0;
  font-size: ${theme.font.size.lg};
  font-weight: 600;
  line-height: 1.4;
  text-shadow: 0 1px 3px rgba(20, 10, 80, 0.45);
`;
