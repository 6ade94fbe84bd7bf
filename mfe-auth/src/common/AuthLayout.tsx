import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AUTH_TEXT } from '@portal/contracts';
import { theme } from '@portal/kit';

export type AuthLayoutProps = {
  /** Heading of the current screen (one h1 per screen). */
  title: string;
  /** Short text under the heading. */
  intro?: ReactNode;
  /** Shown above the heading (the referral welcome banner of /signup). */
  banner?: ReactNode;
  /** Decoration behind the card (falling snow). */
  backdrop?: ReactNode;
  /** Card width in px; the card shrinks with the window below it. */
  width?: number;
  children: ReactNode;
};

/**
 * The public pages' frame: a subtle gradient, the product name and a centred card. The shell renders
 * /login and /signup without its drawer layout, so this is the whole page.
 */
export function AuthLayout({ title, intro, banner, backdrop, width = 440, children }: AuthLayoutProps) {
  return (
    <Page>
      {backdrop}
      <Column $width={width}>
        {/* Landmarks (axe region, landmark-one-main): the product name is the banner, the card the page's main content. */}
        <Brand as="header">
          <Logo aria-hidden="true">♪</Logo>
          <span>
            <BrandName>{AUTH_TEXT.productName}</BrandName>
            <Tagline>{AUTH_TEXT.tagline}</Tagline>
          </span>
        </Brand>
        <Panel as="main">
          {banner}
          <Title>{title}</Title>
          {intro && <Intro>{intro}</Intro>}
          {children}
        </Panel>
      </Column>
    </Page>
  );
}

const Page = styled.div`
  position: relative;
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 40px 16px;
  overflow: hidden;
  background:
    radial-gradient(1200px 600px at 10% -10%, #e3ddff 0%, transparent 60%),
    radial-gradient(900px 500px at 110% 110%, #dff3ff 0%, transparent 55%),
    linear-gradient(160deg, #f7f6ff 0%, ${theme.colors.background} 100%);

  @media (max-width: 640px) {
    padding: 24px 12px;
    align-items: flex-start;
  }
`;

const Column = styled.div<{ $width: number }>`
  position: relative;
  z-index: 1;
  width: 100%;
  max-width: ${({ $width }) => $width}px;
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  color: ${theme.colors.text};
`;

const Logo = styled.span`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: ${theme.radii.md};
  background: linear-gradient(135deg, ${theme.colors.accent}, #8a5cf6);
  color: #fff;
  font-size: 20px;
  box-shadow: 0 6px 16px rgba(91, 75, 219, 0.35);
`;

const BrandName = styled.span`
  display: block;
  font-size: ${theme.font.size.lg};
  font-weight: 700;
  letter-spacing: 0.01em;
`;

const Tagline = styled.span`
  display: block;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

// A plain container: a labelled region would also answer a test's getByLabel('New Password').
const Panel = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: 0 20px 48px rgba(40, 32, 110, 0.12), ${theme.shadows.card};
  padding: 32px;

  @media (max-width: 640px) {
    padding: 24px 20px;
  }
`;

const Title = styled.h1`
  font-size: ${theme.font.size.xxl};
  font-weight: 700;
  color: ${theme.colors.text};
  margin: 0 0 6px;
`;

const Intro = styled.p`
  margin: 0 0 20px;
  color: ${theme.colors.textMuted};
`;

/** Row of the primary action, full width. */
export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin-top: 20px;

  & > button {
    width: 100%;
    min-height: 44px;
  }
`;

/** Secondary links under a form ("Forgot Password?", "Sign up", "Back to login"). */
export const FootNote = styled.p`
  margin: 20px 0 0;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

/** The form of a screen, spaced from the heading or intro above it. */
export const Form = styled.form`
  margin-top: 20px;
`;
