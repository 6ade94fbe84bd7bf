import styled, { keyframes } from 'styled-components';

const FLAKES = 28;

/** Spread of the flakes: fixed per index so the server-free render and every re-render agree. */
function flake(index: number) {
  const left = (index * 37) % 100;
  const size = 3 + ((index * 7) % 5);
  const duration = 6 + ((index * 13) % 7);
  const delay = -((index * 11) % 12);
  const drift = ((index % 5) - 2) * 12;
  return { left, size, duration, delay, drift };
}

/**
 * Falling snow of the referral Welcome banner (core §2 /signup). Pure CSS, decorative (aria-hidden),
 * and gone when the user asks for reduced motion.
 */
export function Snowfall() {
  return (
    <Sky aria-hidden="true">
      {Array.from({ length: FLAKES }, (_, index) => {
        const { left, size, duration, delay, drift } = flake(index);
        return (
          <Flake
            key={index}
            style={{
              left: `${left}%`,
              width: size,
              height: size,
              animationDuration: `${duration}s`,
              animationDelay: `${delay}s`,
              ['--drift' as string]: `${drift}px`,
            }}
          />
        );
      })}
    </Sky>
  );
}

const fall = keyframes`
  from { transform: translate3d(0, -12px, 0); opacity: 0; }
  10% { opacity: 0.9; }
  to { transform: translate3d(var(--drift, 0px), 140px, 0); opacity: 0.2; }
`;

const Sky = styled.div`
  position: absolute;
  z-index: 0;
  inset: 0;
  overflow: hidden;
  pointer-events: none;

  @media (prefers-reduced-motion: reduce) {
    display: none;
  }
`;

const Flake = styled.span`
  position: absolute;
  top: 0;
  border-radius: 50%;
  background: #fff;
  opacity: 0;
  animation-name: ${fall};
  animation-timing-function: linear;
  animation-iteration-count: infinite;
`;
